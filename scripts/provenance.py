"""The head of a results file a study script writes: the command that made it
and the commit it ran at, then the line saying it is a development study."""

import subprocess
import sys


def print_study_head(rule, kind="A development study"):
    """Print the command line, the commit and `rule`, the rule written down
    before the runs that the study checks (for an analysis, which checks
    none, what it shows), after `kind`."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    print(f"Command: `{' '.join(sys.argv)}`\n\nCommit: {head}\n")
    print(f"{kind}, not a result (see the script's docstring). {rule}\n")
