"""Every game's observation encodes every phase its states can be in: two states in different phases
never look the same in the observation's phase segment, and no state leaves it empty."""

from __future__ import annotations

import pytest

from loopcity import list_games, load_game
from loopcity.engine import RandomBot
from loopcity.engine.observation import encoder_for

GAMES = [spec.id for spec in list_games() if spec.observation is not None]


def _phase_bits(enc, state, seat):
    seg = enc.layout.segment("phase")
    return frozenset(
        i - seg.offset for i in enc.encode(state, seat).hot if seg.offset <= i < seg.offset + seg.size
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_the_observation_encodes_every_phase_the_states_reach(game_id):
    seen: dict[str, set[frozenset[int]]] = {}
    for variant in load_game(game_id).spec.variants:
        game = load_game(game_id, variant=variant.name)
        enc = encoder_for(game)
        for seed in range(6):
            state = game.new_state(seed)
            bots = [RandomBot(game, s, seed) for s in range(game.players)]
            while True:
                phase = str(getattr(state, "phase", "over" if state.is_terminal() else "play"))
                bits = _phase_bits(enc, state, (state.active_seats() or (0,))[0])
                assert bits, f"{game_id}: phase {phase!r} leaves the observation's phase segment empty"
                seen.setdefault(phase, set()).add(bits)
                if state.is_terminal():
                    break
                seat = state.active_seats()[0]
                state.apply(seat, bots[seat].choose(state, seat))
    owner: dict[frozenset[int], str] = {}
    for phase, encodings in seen.items():
        for bits in encodings:
            assert owner.setdefault(bits, phase) == phase, (
                f"{game_id}: phases {phase!r} and {owner[bits]!r} look alike"
            )
    assert len(seen) > 1


def test_resourced_states_positions_and_observations_share_one_list_of_phases():
    from typing import get_args

    from loopcity.games.resourced import observation, position, table

    assert observation.PHASES == table.DECISION_PHASES == get_args(position.PositionPhase)
    assert {"fix", "trade", "vote"} <= set(observation.PHASES)
    assert set(table.DECISION_PHASES) == set(get_args(table.Phase)) - {"auto"}


def test_the_published_observation_sizes_match_the_environments():
    """docs/research.md's table gives each game's observation and memory sizes (a range over player
    counts); they are the sizes today's encoders build."""
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "research.md").read_text()
    rows = {
        m[0].strip(): (m[1], m[2])
        for m in re.findall(r"^\| ([^|]+) \| [0-9-]+ \| ([0-9,-]+) \| ([0-9]+) \|", text, re.M)
    }
    for spec in list_games():
        if spec.observation is None:
            continue
        encs = [
            encoder_for(load_game(spec.id, players=p)) for p in range(spec.min_players, spec.max_players + 1)
        ]
        sizes = sorted({e.layout.size for e in encs})
        wanted = f"{sizes[0]:,}" if len(sizes) == 1 else f"{sizes[0]:,}-{sizes[-1]:,}"
        assert rows[spec.title] == (wanted, str(encs[0].memory.size)), spec.title


def test_the_published_baselines_were_trained_on_todays_observations():
    """Each learning baseline in docs/research/ppo_<game>.json was trained on the environment as it is
    today (its observation and action sizes), and docs/research.md quotes those sizes."""
    import json
    from pathlib import Path

    from loopcity.adapters.gymnasium import make

    root = Path(__file__).parents[2] / "docs"
    text = " ".join((root / "research.md").read_text().split())
    published = sorted((root / "research").glob("ppo_*.json"))
    assert published
    for path in published:
        result = json.loads(path.read_text())
        env = make(result["game"], seat=0, others="random", players=result["players"])
        size, actions = env.observation_space.shape[0], int(env.action_space.n)
        assert (result["observation_size"], result["actions"]) == (size, actions), path.name
        assert f"{size:,} observation entries, {actions:,} actions" in text, path.name
        assert (root / "research" / f"{path.stem}_curve.csv").exists()
