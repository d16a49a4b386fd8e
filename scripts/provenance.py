"""The head of a results file a study script writes (the command that made it,
the commit it ran at, the line saying it is a development study) and its
foot (the rule's conditions and the verdict), and the head of each table."""

import subprocess
import sys


def print_study_head(rule, kind="A development study"):
    """Print the command line, the commit and `rule`, the rule written down
    before the runs that the study checks (for an analysis, which checks
    none, what it shows), after `kind`."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    print(f"Command: `{' '.join(sys.argv)}`\n\nCommit: {head}\n")
    print(f"{kind}, not a result (see the script's docstring). {rule}\n")


def print_checks(checks, met, not_met):
    """Print each (condition, met, figures) of `checks`, then `met` if all
    were met, else `not_met`."""
    for name, passed, figures in checks:
        print(f"- {name}: {figures}, {'met' if passed else 'not met'}.")
    print()
    print(met if all(passed for _, passed, _ in checks) else not_met)


def print_table_head(title, note, columns):
    """Print a table's title, the note that says what its cells hold, and its
    header row of `columns`."""
    print(f"### {title}\n")
    print(f"{note}\n")
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
