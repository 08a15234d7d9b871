"""A baseline that learns: MaskablePPO (sb3-contrib) on one seat of a Loopcity game, on one CPU thread.

    pip install torch==2.13.0 && pip install -e '.[baseline]'   # sb3-contrib, stable-baselines3
    python benchmarks/baseline_ppo.py GAME --cpu-minutes 6 --out runs/ppo_GAME
    python benchmarks/baseline_ppo.py --plot runs/ppo_GAME runs/ppo_OTHER --png docs/ppo_learning_curves.png
    # the milestone of docs/research.md, a few CPU-minutes:
    python benchmarks/baseline_ppo.py resourced --max-steps 40000 --eval-every 20000 \
        --eval-games 100 --eval-partners heuristic --out runs/milestone

The learner plays seat 0 through ``loopcity.adapters.gymnasium`` (structured observations, the
action mask, ``seat_model="seat"``) with the game's heuristic bot in every other seat. Training stops
after ``--cpu-minutes`` of this process's CPU time (evaluation included) or ``--max-steps`` learner
steps. Every ``--eval-every`` steps the current policy (its most likely legal action) plays
``--eval-games`` fixed-seed games with each of ``--eval-partners`` (random and heuristic partners by
default); the win rates go to ``curve.csv``. A game still going after ``--max-episode-steps`` of seat
0's moves is cut short and counts as not won, in training and evaluation alike. At the end the same
games are played by a random seat and by the heuristic seat with the same partners, for comparison,
and everything is written to ``result.json``. Everything is seeded (``--seed``); torch runs on one
thread, so a run is reproducible on the same machine, and its evaluations at a given step do not
depend on the budget (the learning rate is constant).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from loopcity.adapters.gymnasium import make  # noqa: E402
from loopcity.bots import make_bot  # noqa: E402

EVAL_SEED = 1_000_000  # evaluation games use seeds from here on, never seen in training
MAX_EPISODE_STEPS = 500
"""Seat 0's moves before a game is cut short, in training and evaluation. A heuristic seat needs
about 50 (Waste What?) to 170 (ResourCEd). It was first needed by an untrained ResourCEd policy that
put the same trade together and aside again and again, up to the game's own limit of 30,000 steps;
the rules now end that loop (the same trade is not put aside twice in a turn), and the cap stays as a
bound on any policy's game."""


def team_won(env: Any) -> bool:
    outcome = env.state.outcome()
    return bool(outcome is not None and outcome.team_won)


def play_policy(
    game: str,
    partners: str,
    games: int,
    choose: Any,
    players: int | None = None,
    max_episode_steps: int | None = MAX_EPISODE_STEPS,
) -> float:
    """The team's win rate over ``games`` fixed-seed games with ``choose(env, obs)`` in seat 0; a game
    still going after ``max_episode_steps`` of seat 0's moves is cut short and counts as not won."""
    options = {"players": players} if players else {}
    env = make(game, seat=0, others=partners, max_episode_steps=max_episode_steps, **options)
    wins = 0
    for i in range(games):
        obs, _ = env.reset(seed=EVAL_SEED + i)
        done = False
        while not done:
            obs, _, terminated, truncated, _ = env.step(choose(env, obs))
            done = terminated or truncated
        wins += team_won(env)
    return wins / games


def policy_chooser(model: Any) -> Any:
    def choose(env: Any, obs: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    return choose


def bot_chooser(name: str, seed: int = 0) -> Any:
    bots: dict[int, Any] = {}

    def choose(env: Any, obs: np.ndarray) -> int:
        key = id(env.state)
        if key not in bots:
            bots.clear()
            bots[key] = make_bot(name, env.game, env.acting, seed)
        action = bots[key].choose(env.state, env.acting)
        return env.actions.index(action)

    return choose


def train(args: argparse.Namespace) -> None:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    options = {"players": args.players} if args.players else {}
    env = make(
        args.game, seat=0, others=args.train_partners, max_episode_steps=args.max_episode_steps, **options
    )
    env.reset(seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        learning_rate=args.lr,
        n_steps=args.n_steps,
        batch_size=256,
        n_epochs=4,
        gamma=0.995,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    began = time.process_time()
    rows: list[dict[str, Any]] = []

    def evaluate(steps: int) -> None:
        choose = policy_chooser(model)
        row: dict[str, Any] = {
            "timesteps": steps,
            "cpu_minutes": round((time.process_time() - began) / 60, 2),
        }
        for partners in args.eval_partners:
            row[f"win_{partners}_partners"] = play_policy(
                args.game, partners, args.eval_games, choose, args.players, args.max_episode_steps
            )
        rows.append(row)
        print(json.dumps(row), flush=True)
        with open(out / "curve.csv", "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(row))
            writer.writeheader()
            writer.writerows(rows)

    class Budget(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.next_eval = 0

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next_eval:
                evaluate(self.num_timesteps)
                self.next_eval += args.eval_every
            return (time.process_time() - began) < args.cpu_minutes * 60

    model.learn(total_timesteps=args.max_steps, callback=Budget())
    evaluate(model.num_timesteps)
    model.save(out / "model.zip")
    cpu = (time.process_time() - began) / 60
    reference = {
        partners: {
            "random_seat": play_policy(
                args.game,
                partners,
                args.eval_games,
                bot_chooser("random"),
                args.players,
                args.max_episode_steps,
            ),
            "heuristic_seat": play_policy(
                args.game,
                partners,
                args.eval_games,
                bot_chooser("heuristic"),
                args.players,
                args.max_episode_steps,
            ),
        }
        for partners in args.eval_partners
    }
    result = {
        "game": args.game,
        "players": env.game.players,
        "seed": args.seed,
        "timesteps": model.num_timesteps,
        "cpu_minutes_training": round(cpu, 1),
        "eval_games": args.eval_games,
        "final": rows[-1],
        "best": max(rows, key=lambda r: r.get("win_heuristic_partners", 0.0)),
        "reference": reference,
        "observation_size": env.observation_space.shape[0],
        "actions": int(env.action_space.n),
        "train_partners": args.train_partners,
        "eval_partners": args.eval_partners,
        "max_episode_steps": args.max_episode_steps,
        "eval_every": args.eval_every,
        "cpu_minutes_budget": args.cpu_minutes,
        "max_steps": args.max_steps,
    }
    (out / "result.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


def plot(runs: list[str], png: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(runs), figsize=(5.5 * len(runs), 4), squeeze=False)
    for ax, run in zip(axes[0], runs, strict=True):
        _plot_run(ax, Path(run))
    fig.tight_layout()
    fig.savefig(png, dpi=110)


def _plot_run(ax: Any, run: Path) -> None:
    """One run's curve, with the reference seats as lines once the run has finished."""
    with open(run / "curve.csv") as f:
        rows = list(csv.DictReader(f))
    steps = [int(r["timesteps"]) for r in rows]
    for key, label, color in (
        ("win_heuristic_partners", "PPO seat, heuristic partners", "tab:blue"),
        ("win_random_partners", "PPO seat, random partners", "tab:orange"),
    ):
        if key not in rows[0]:
            continue
        ax.plot(steps, [float(r[key]) for r in rows], label=label, color=color)
    done = run / "result.json"
    if done.exists():
        result = json.loads(done.read_text())
        for partners, color in (("heuristic", "tab:blue"), ("random", "tab:orange")):
            if partners not in result["reference"]:
                continue
            ax.axhline(
                result["reference"][partners]["heuristic_seat"], color=color, linestyle="--", linewidth=1
            )
            ax.axhline(result["reference"][partners]["random_seat"], color=color, linestyle=":", linewidth=1)
        ax.set_title(f"{result['game']} ({result['cpu_minutes_training']} CPU-min)")
        ax.set_ylabel(f"team win rate ({result['eval_games']} games)")
    else:
        ax.set_title(f"{run.name} (unfinished, {rows[-1]['cpu_minutes']} CPU-min)")
        ax.set_ylabel("team win rate")
    ax.set_xlabel("learner steps")
    ax.set_ylim(-0.02, 1.02)
    ax.legend(fontsize=8, title="dashed: heuristic seat; dotted: random seat", title_fontsize=7)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", help="game id")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--cpu-minutes", type=float, default=25.0)
    parser.add_argument("--max-steps", type=int, default=5_000_000, help="learner steps at most")
    parser.add_argument(
        "--max-episode-steps",
        type=int,
        default=MAX_EPISODE_STEPS,
        help="seat 0's moves before a game is cut short",
    )
    parser.add_argument("--eval-every", type=int, default=25_000)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument(
        "--eval-partners",
        type=lambda text: text.split(","),
        default=["random", "heuristic"],
        help="partners of the evaluation games, comma separated (random,heuristic)",
    )
    parser.add_argument("--train-partners", default="heuristic", help="bot in the other seats while training")
    parser.add_argument("--n-steps", type=int, default=2048)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="runs/ppo")
    parser.add_argument("--plot", nargs="+", metavar="RUN", help="plot these runs' curves instead")
    parser.add_argument("--png", default="docs/ppo_learning_curves.png")
    args = parser.parse_args()
    if args.plot:
        plot(args.plot, args.png)
    elif args.game:
        train(args)
    else:
        parser.error("name a game to train on, or --plot RUN ...")


if __name__ == "__main__":
    main()
