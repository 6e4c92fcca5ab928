"""Research, fitting and test-support tools that are not part of the installed program."""
