#!/usr/bin/env bash
# Screenshots of the web app's pages (lobby, links page, each game's seat page on a phone and on a
# 1920x1080 projector, its spectator page on a wide screen; a debrief per game and a replay) into
# docs/screenshots/, taken by the browser tests.
set -eu
cd "$(dirname "$0")/.."
LOOPCITY_SCREENSHOTS="$PWD/docs/screenshots" .venv/bin/pytest -q -p no:xdist tests/web/test_browser.py -k "play_a_table or board_places or reads_on"
LOOPCITY_SCREENSHOTS="$PWD/docs/screenshots" .venv/bin/pytest -q -p no:xdist tests/web/test_review_browser.py
LOOPCITY_SCREENSHOTS="$PWD/docs/screenshots" .venv/bin/pytest -q -p no:xdist tests/web/test_newcomer_browser.py -k "asks_first or stage"
LOOPCITY_SCREENSHOTS="$PWD/docs/screenshots" .venv/bin/pytest -q -p no:xdist tests/web/test_choices_browser.py
LOOPCITY_SCREENSHOTS="$PWD/docs/screenshots" .venv/bin/pytest -q -p no:xdist tests/web/test_board_legend_browser.py -k "legend_on_a_projector or (readers_language and en and resourcity) or (hint and resourced)"
