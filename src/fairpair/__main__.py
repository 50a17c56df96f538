"""`python -m fairpair` runs the command line."""

from fairpair.cli.start import main

main()
