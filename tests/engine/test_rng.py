"""The chance generator's draws are fixed by its seed, in every version."""

from loopcity.engine.rng import _GOLDEN, _MASK, Rng, _mix


def test_draws_are_splitmix64_of_key_and_counter_so_saved_records_replay():
    """Saved records replay only if a seed gives the same draws in every version: draw n is
    mix(key + n * golden), below() scales it, and shuffle is Fisher-Yates over below(i + 1)."""
    rng = Rng(2024)
    key = rng.key
    assert [rng.next64() for _ in range(3)] == [_mix((key + n * _GOLDEN) & _MASK) for n in (1, 2, 3)]
    draw4 = _mix((key + 4 * _GOLDEN) & _MASK)
    assert rng.below(10) == (draw4 * 10) >> 64
    items = list(range(30))
    reference = Rng.restore(rng.key, rng.counter)
    expected = list(items)
    for i in range(len(expected) - 1, 0, -1):
        j = reference.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    rng.shuffle(items)
    assert items == expected and rng.counter == reference.counter
    assert Rng(7).below(1000) == Rng(7).below(1000)
