"""Views keep other players' agendas secret; content errors name the field; the spec is complete."""

import json

import pytest

from loopcity import load_game
from loopcity.engine import ContentError, Rng

from .helpers import table


def test_a_view_shows_only_the_seats_own_hidden_agenda(st):
    for seat in range(4):
        view = st.view(seat)
        assert view["my_agenda"] == list(st.content.agendas[st.agendas[seat]].symbols)
        text = json.dumps(view)
        assert "agendas" not in view
        for other in range(4):
            if other != seat:
                assert st.content.agendas[st.agendas[other]].id not in text


def test_the_spectator_sees_no_agenda(st):
    assert "my_agenda" not in st.view(None) and "agendas" not in st.view(None)


def test_resampling_redraws_other_agendas_consistently(st):
    seen = set()
    for k in range(20):
        other = st.determinize(0, k)
        assert other.agendas[0] == st.agendas[0] and len(set(other.agendas)) == 4
        assert other.view(0) == st.view(0)
        seen.add(tuple(other.agendas[1:]))
    assert len(seen) > 1


def test_resampling_redraws_deck_orders(st):
    other = st.clone()
    other.resample_hidden(0, Rng(5))
    assert sorted(other.events) == sorted(st.events)
    assert other.events != st.events or other.deck != st.deck


def test_agendas_are_revealed_at_the_end():
    st = table(phase="over")
    view = st.view(1)
    assert len(view["agendas"]) == 4 and len(view["scores"]) == 4


def test_bad_content_names_the_field():
    with pytest.raises(ContentError, match="price"):
        load_game("reclaim", overrides={"builds.plant1.price": "cheap"})


def test_cost_card_outside_its_range_is_refused():
    with pytest.raises(ContentError, match="outside"):
        load_game("reclaim", overrides={"cost_cards.food.values": [150]})


def test_every_content_item_says_where_it_comes_from(st):
    c = st.content
    items = [
        c.rules,
        c.table,
        c.dice,
        c.setup,
        c.contractor_prices,
        *c.hexes,
        *c.builds,
        *c.transports,
        *c.housing,
        *c.plants,
        *c.farms,
        *c.cost_cards,
        *c.agendas,
        *c.piles,
        *c.events,
    ]
    assert all(i.source in ("rulebook", "research", "reconstructed") for i in items)


def test_text_and_svg_render_a_view(st):
    spec = st.game.spec
    text = spec.render_text(st.view(0))
    assert "round 1 of 4" in text and "Hidden agenda" in text
    svg = spec.render_svg(st.view(0), st.legal_actions(0))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'data-act="build house0to1 8"' in svg


def test_metrics_per_round(st):
    m = st.game.spec.metrics(st)
    assert m["round"] == 1 and m["blocks"] == 6 and m["disease"] == 0


def test_a_misspelled_content_field_is_refused_naming_file_item_and_field(tmp_path):
    from loopcity.games.reclaim.content import CONTENT_PATH

    text = CONTENT_PATH.read_text()
    assert 'pile = "plant2"\nsource' in text
    bad = tmp_path / "reclaim.toml"
    bad.write_text(text.replace("price = 500\n", "prize = 500\n", 1))
    with pytest.raises(ContentError, match=r"reclaim.toml: item builds\.\[2\] \(house0to2\): field 'prize'"):
        load_game("reclaim", content=str(bad))


@pytest.mark.parametrize(
    "overrides,match",
    [
        ({"setup.blocks.0.hex": 13}, "setup.blocks: Housing blocks on hex 13 \\(wetland\\)"),
        ({"setup.food.0.count": 5}, "setup.food: 5 Food on hex 8; at most 4"),
        ({"setup.farms.0.hex": 9}, "setup.farms: Farms on hex 9 \\(urban\\)"),
        ({"setup.links.0.b": 18}, "setup.links: the road transportation 5-18 joins no neighbours"),
        ({"builds.farm2.id": "farm1"}, "builds: farm1 given twice"),
        (
            {"contractor_prices.table": [[100, 200]]},
            "contractor_prices: no contractor price for the standard price 200",
        ),
        ({"rules.max_farms_per_hex": 2}, "max_farms_per_hex"),
    ],
)
def test_content_that_the_components_cannot_hold_is_refused(overrides, match):
    with pytest.raises(ContentError, match=match):
        load_game("reclaim", overrides=overrides)
