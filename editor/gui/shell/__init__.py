"""The shell: the main window, its menus, files, recovery, settings, dialogs, the mode protocol
(`mode.py`) and the mode switcher; what every mode shares."""
