"""Every action RECLAIM can name: builds, transport, card choices, resource steps, joint decisions."""

from __future__ import annotations

from loopcity.engine import ActionSpace, Clock, kind

from .board import BUILD_IDS, RESOURCES, TRANSPORTS
from .content import MAX_HEXES

HEX = range(MAX_HEXES)

ACTION_SPACE = ActionSpace(
    [
        kind(
            "role",
            "Independent contractor: choose the role to play this round",
            play=("housing", "treatment", "farming"),
        ),
        kind("build", "build or upgrade infrastructure on a hexagon", item=BUILD_IDS, hex=HEX),
        kind(
            "link",
            "build transportation: choose its kind and the hexagon it starts from",
            transport=TRANSPORTS,
            hex=HEX,
        ),
        kind("link_to", "the neighbouring hexagon the transportation goes to", hex=HEX),
        kind("card", "take one of the face-up Infrastructure cards of the pile", slot=range(3)),
        kind(
            "move",
            "fetch or send one resource along connected transportation",
            resource=RESOURCES,
            source=HEX,
            to=HEX,
        ),
        kind("convert", "Housing: every Housing block turns 1 Food into 1 Waste"),
        kind(
            "treat",
            "Treatment: a plant on the hexagon treats one Waste",
            hex=HEX,
            waste=("mixed", "separated"),
        ),
        kind(
            "grow",
            "Farming: the Farm on the hexagon turns one NPK or Sludge into Food",
            hex=HEX,
            input=("npk", "sludge"),
        ),
        kind("dump_site", "choose the Dump hexagon for Sludge", hex=HEX),
        kind("play_event", "play a kept positive Event card", card=range(24)),
        kind("end_turn", "end your turn"),
        kind(
            "propose", "propose a political decision to the table", item=("npk", "vaccinate", "dump"), hex=HEX
        ),
        kind("vote", "vote on the proposal", choice=("yes", "no")),
        kind("fund", "add coins from your own money to the City budget"),
        kind("done", "agree to close the political decisions"),
        kind("place_block", "growth: place a new level 0 Housing block", hex=HEX),
        kind("urbanize", "growth: turn a Rural hexagon or a Farm into Urban area", hex=HEX),
        kind(
            "alarm",
            "the 10-minute timer rang: draw an Event card",
            clock=Clock(
                10, repeats=True, content="table.timer_minutes", runs_if=lambda o: o["events"] == "timer"
            ),
        ),
    ]
)
