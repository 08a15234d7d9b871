"""All user-facing text goes through one gettext layer: a new catalogue translates pages and the play
page's script strings with no code change."""

from __future__ import annotations

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from loopcity.engine import text
from loopcity.web import i18n

from .conftest import new_table, seat_tokens


def test_a_new_language_needs_only_a_catalogue(client, tmp_path):
    catalog = Catalog(locale="eo")
    catalog.add("Set up a table", "Starigi tablon")
    catalog.add("Your turn", "Via vico")
    folder = tmp_path / "eo" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "loopcity.po", "wb") as f:
        write_po(f, catalog)
    text.add_catalogues(tmp_path, "loopcity")
    try:
        assert "eo" in i18n.available()
        page = client.get("/", headers={"Accept-Language": "eo,en;q=0.5"})
        assert "Starigi tablon" in page.text
        assert "Set up a table" in client.get("/?lang=en").text
        t = new_table(client)
        play = client.get(f"/play/{seat_tokens(t)[0]}?lang=eo").text
        assert "Via vico" in play
    finally:
        text.remove_catalogues(tmp_path, "loopcity")
    assert "eo" not in i18n.available()


def test_the_play_page_shows_how_to_play_in_the_readers_language(client):
    from markupsafe import escape

    from loopcity.engine import get_spec, walkthrough

    t = new_table(client, "resourcity", players=2)
    token = seat_tokens(t)[0]
    for lang, button in (("en", "How to play"), ("de", "So wird gespielt")):
        page = client.get(f"/play/{token}?lang={lang}").text
        assert 'id="howto"' in page and button in page
        for step in walkthrough.steps(get_spec("resourcity"), lang):
            assert str(escape(step["text"])) in page
    assert (
        'id="howto"' not in client.get(f"/play/{seat_tokens(new_table(client))[0]}").text
    )  # none: none shown
