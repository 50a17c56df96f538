"""`python -m fairpair` runs the command line."""

from fairpair.cli.app import main

main()
