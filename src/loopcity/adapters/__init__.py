"""Research adapters: PettingZoo, Gymnasium and OpenSpiel environments over every registered game.

Install with the ``rl`` extra. Import the submodule you need: ``loopcity.adapters.pettingzoo``,
``loopcity.adapters.gymnasium`` or ``loopcity.adapters.openspiel`` (which registers every game with
OpenSpiel as ``loopcity_<game_id>``).
"""
