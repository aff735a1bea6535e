#!/bin/sh
# Add Conquest Workbench to the desktop's application menu (for this user): the desktop entry
# points at this folder, so run it again after moving the folder. Undo with --remove.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
icons="${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/scalable/apps"
if [ "${1:-}" = "--remove" ]; then
    rm -f "$apps/conquest-workbench.desktop" "$icons/conquest-workbench.svg"
    echo "removed the Conquest Workbench menu entry"
    exit 0
fi
mkdir -p "$apps" "$icons"
cp "$here/conquest-workbench.svg" "$icons/conquest-workbench.svg"
sed "s|^Exec=conquest-workbench|Exec=\"$here/conquest-workbench\"|" \
    "$here/conquest-workbench.desktop" > "$apps/conquest-workbench.desktop"
echo "added Conquest Workbench to the application menu ($apps/conquest-workbench.desktop)"
