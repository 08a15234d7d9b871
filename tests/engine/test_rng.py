"""The chance generator's draws are fixed by its seed, in every version."""

import random

from loopcity.engine.rng import (
    _GOLDEN,
    _MASK,
    _SMALL,
    KeyedRng,
    Rng,
    _below_halves,
    _mix,
    _mix_halves,
    _shuffle_halves,
)


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


def test_shuffle_is_fisher_yates_over_below_for_every_length_and_counter():
    """The shuffle steps its sum key + n * golden instead of multiplying per draw: the same orders
    and counters as below(i + 1) drawn one by one, for lists of 0 to 120 items and either side of the
    longest list shuffled with its draws packed side by side, counters near 2^64."""
    for n in [*range(121), 513, 514]:
        for key, counter in ((n * 7919, n), (_MASK - n, 2**64 - 200 + n), (2**63 + n, 10**9)):
            rng, reference = Rng.restore(key, counter), Rng.restore(key, counter)
            items, expected = list(range(n)), list(range(n))
            for i in range(n - 1, 0, -1):
                j = reference.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            rng.shuffle(items)
            assert items == expected and rng.counter == reference.counter, (n, key, counter)


def test_shuffle_each_gives_the_orders_and_counter_of_one_shuffle_after_another():
    """A set-up shuffles a dozen short piles with their draws mixed together: every list ends in the
    order, and the generator at the counter, that shuffling them one by one gives; lists of 0 and 1
    item draw nothing, and the keyed generator shuffles them one by one."""
    pick = random.Random(5)
    for case in range(60):
        lengths = [pick.choice((0, 1, 2, 5, 8, 12, 20)) for _ in range(pick.randint(0, 14))]
        for rng, reference in (
            (Rng.restore(case * 7919, case), Rng.restore(case * 7919, case)),
            (Rng.restore(_MASK - case, 2**64 - 50), Rng.restore(_MASK - case, 2**64 - 50)),
            (KeyedRng(2**64 + case), KeyedRng(2**64 + case)),
        ):
            lists = [list(range(n)) for n in lengths]
            expected = [list(range(n)) for n in lengths]
            for items in expected:
                reference.shuffle(items)
            rng.shuffle_each(lists)
            assert lists == expected and rng.counter == reference.counter, (case, lengths)


def test_the_compiled_builds_32_bit_halves_draw_exactly_what_the_64_bit_arithmetic_draws():
    """A compiled build draws ``below`` and ``shuffle`` in 32-bit halves (machine words): run here
    interpreted, they give the same numbers and orders as the generator's own arithmetic, for keys
    and bounds across their ranges and counters up to the halves' limit (and any counter in a
    shuffle)."""
    pick = random.Random(34)
    keys = [0, 1, _MASK, 2**63, 2**32 - 1, 2**32] + [pick.getrandbits(64) for _ in range(400)]
    for key in keys:
        assert _mix_halves(key) == _mix(key), key
        for counter in (1, 2, 2**20, _SMALL - 1, pick.randrange(1, _SMALL)):
            for n in (1, 2, 6, 37, 1000, _SMALL - 1, pick.randrange(1, _SMALL)):
                assert _below_halves(key, counter, n) == Rng.restore(key, counter - 1).below(n), (
                    key,
                    counter,
                    n,
                )
        for counter in (0, 5, _SMALL, 2**64 - 50, pick.getrandbits(70)):
            for length in (0, 1, 2, 3, 52, pick.randrange(200)):
                items, expected = list(range(length)), list(range(length))
                _shuffle_halves(key, counter, items)
                Rng.restore(key, counter).shuffle(expected)
                assert items == expected, (key, counter, length)


def test_seeds_from_2_to_the_64_pick_the_keyed_generator_and_smaller_ones_keep_splitmix():
    from loopcity.engine.rng import KEYED, SPLITMIX, KeyedRng, generator_name, new_rng

    assert type(new_rng(2**64 - 1)) is Rng and generator_name(2**64 - 1) == SPLITMIX
    assert type(new_rng(2**64)) is KeyedRng and generator_name(2**64) == KEYED


def test_keyed_draws_are_blake2b_of_key_and_block_number():
    """Draw n (from 1) is word (n - 1) % 8 of BLAKE2b-512 keyed with the key, over the block number
    (n - 1) // 8: records made with the keyed generator replay only while this holds."""
    import hashlib
    import struct

    from loopcity.engine.rng import KeyedRng

    rng = KeyedRng(2**100 + 12345)
    key = rng.key.to_bytes(32, "little")

    def word(n: int) -> int:
        number = ((n - 1) // 8).to_bytes(8, "little")
        block = hashlib.blake2b(number, key=key, digest_size=64).digest()
        return struct.unpack("<8Q", block)[(n - 1) % 8]

    assert [rng.next64() for _ in range(10)] == [word(n) for n in range(1, 11)]
    assert rng.below(6) == (word(11) * 6) >> 64
    again = KeyedRng.restore(rng.key, rng.counter)
    assert again == rng and again.next64() == word(12) == rng.copy().next64()


def test_keyed_copies_snapshot_and_compare_like_the_fast_generator():
    from loopcity.engine.rng import KeyedRng
    from loopcity.engine.serialize import copy_data, decode, encode

    rng = KeyedRng(2**90)
    rng.below(10)
    clone = copy_data(rng)
    assert clone == rng and clone is not rng
    assert decode(encode(rng)) == rng
    assert [clone.below(100) for _ in range(20)] == [rng.below(100) for _ in range(20)]
    assert KeyedRng(2**90) != Rng(2**90 & (2**64 - 1))
    assert "key" not in repr(rng)


def test_a_server_seed_has_128_bits_from_the_operating_system_and_picks_the_keyed_generator():
    from loopcity.engine.rng import KeyedRng, new_rng, secret_seed

    seeds = [secret_seed() for _ in range(256)]
    assert len(set(seeds)) == 256
    assert all(2**128 <= s < 2**129 for s in seeds)
    low = [s - 2**128 for s in seeds]
    for bit in range(128):  # every one of the 128 low bits varies: none is fixed
        ones = sum(s >> bit & 1 for s in low)
        assert 64 <= ones <= 192, f"bit {bit} set in {ones} of 256 seeds"
    assert all(type(new_rng(s)) is KeyedRng for s in seeds[:4])


def test_a_subseed_depends_on_the_whole_seed():
    from loopcity.engine.rng import subseed

    high = 2**128 + 5
    assert subseed(high, "bot", 1) != subseed(high + 2**64, "bot", 1)  # not only the low 64 bits
    assert subseed(high, "bot", 1) != subseed(high, "bot", 2)
    assert subseed(high, "bot", 1) == subseed(high, "bot", 1) < 2**64
