"""Play-testing on top of the rules engine (`editor.engine`), no Qt: play sessions, scenario files
and their replay, action notation, the one game loader, package checks and synthetic benchmark
boards."""
