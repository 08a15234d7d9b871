"""The ``loopcity`` command line (Typer + Rich)."""
