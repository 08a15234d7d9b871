"""One package per game; each registers through the ``loopcity.games`` entry-point group."""
