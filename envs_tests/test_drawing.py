"""Pictures (``render_mode="rgb_array"``, ``digsite.drawing``): one size per configuration,
different positions give different pictures, a seat's picture shows only its view, and the
Gymnasium tools that need pictures work on our envs."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import digsite
import digsite.mykerinos_v1
from digsite.core.canvas import (
    BLOCK,
    COMPACT_PAGE,
    LARGE_PAGE,
    STANDARD_PAGE,
    KeptPage,
    Page,
    drop_kept_pages,
)
from digsite.drawing import page, picture
from digsite.envs.registry import SOLO_GYM_IDS

from .drawn_text import drawn_texts, on_page, outside
from .play import random_action

PAGE_FAMILY = (COMPACT_PAGE, STANDARD_PAGE, LARGE_PAGE)
"""Every game's board picture has one of these sizes."""


def test_every_configuration_draws_pictures_of_one_size(case):
    entry, config, module = case
    env = module.env(render_mode="rgb_array", **config)
    env.reset(seed=2)
    first = env.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    rng = np.random.default_rng(2)
    pictures = [first]
    for _ in range(12):
        if not env.agents:
            break
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else random_action(obs["action_mask"], rng))
        pictures.append(env.render())
    assert {p.shape for p in pictures} == {first.shape}
    assert any(not np.array_equal(first, p) for p in pictures[1:])
    state = env.unwrapped.game_state
    for player in range(config["num_players"]):
        seat = picture(state, player)
        assert seat.shape == first.shape
        other = state.resample_hidden(player, np.random.default_rng(9))
        assert np.array_equal(picture(other, player), seat)


def test_every_picture_is_made_of_whole_video_blocks(case):
    """Width and height multiples of 16 (video encoders rescale other frames), for the
    spectator's picture and every seat's, and for the text page of an env not yet reset."""
    entry, config, module = case
    state = module.raw_env(**config).game.new_initial_state(np.random.default_rng(0))
    for player in (None, *range(config["num_players"])):
        height, width, _ = picture(state, player).shape
        assert height % BLOCK == 0 and width % BLOCK == 0, (player, height, width)
    assert entry.drawing is None or (width, height) in PAGE_FAMILY
    height, width, _ = page("not reset").shape
    assert height % BLOCK == 0 and width % BLOCK == 0


def test_no_picture_writes_off_its_page(case):
    """Over a random game, every word of the spectator's and the first seat's pictures lies
    wholly on the page (a panel growing with the game never pushes text off the edge)."""
    entry, config, module = case
    game = module.raw_env(**config).game
    rng = np.random.default_rng(5)
    state = game.new_initial_state(rng)
    for step in range(400):
        if step % 25 == 0 or state.is_terminal():
            for player in (None, 0):
                with drawn_texts() as texts:
                    drawn = picture(state, player)
                height, width, _ = drawn.shape
                written = on_page(texts, drawn)
                assert written or entry.drawing is None, (step, player)
                assert not outside(written, width, height), (step, player)
        if state.is_terminal():
            break
        state.apply_action(random_action(state.legal_action_mask(), rng))


def test_a_page_drawn_over_a_finished_one_keeps_nothing_of_it():
    """Pages reuse the image of the last finished page of their size: a picture is the same
    whatever was drawn before it, and a picture taken stays as it was."""
    game = digsite.mykerinos_v1.raw_env(num_players=2).game
    rng = np.random.default_rng(3)
    empty = game.new_initial_state(rng)
    first = picture(empty).copy()
    full = empty.clone()
    for _ in range(30):
        full.apply_action(random_action(full.legal_action_mask(), rng))
    taken = picture(full)
    kept = taken.copy()
    assert np.array_equal(picture(empty), first)
    assert np.array_equal(taken, kept)


def test_a_kept_page_draws_again_only_the_areas_whose_key_changed():
    """A kept page keeps an area whose key stays (its texts handed over as kept, what its
    drawing returned given again) and draws again one whose key or layout changed; a plain
    page of its size does not paint over it."""
    drop_kept_pages()
    calls: list[str] = []

    ends: list[float] = []

    def draw(layout, keys):
        page = KeptPage(*COMPACT_PAGE, layout)
        for i, key in enumerate(keys):
            box = (0, 20 * i, 200, 20 * i + 20)
            words = f"area {i}: {key}"
            end = page.area(
                f"area {i}",
                (box,),
                key,
                lambda w=words, y=box[1]: calls.append(w) or page.text(4, y, w),
            )
            ends.append(end)
        return page.array()

    first = draw("a", ("x", "y"))
    Page(*COMPACT_PAGE).array()
    with drawn_texts() as texts:
        again = draw("a", ("x", "z"))
    assert calls == ["area 0: x", "area 1: y", "area 1: z"]
    assert ends[2] == ends[0] > 4
    assert [t.text for t in texts] == ["area 0: x", "area 1: z"]
    assert np.array_equal(first[:20], again[:20]) and not np.array_equal(first[20:], again[20:])
    drop_kept_pages()
    assert np.array_equal(draw("a", ("x", "z")), again)
    assert np.array_equal(draw("b", ("x", "y")), first)
    assert calls[3:] == ["area 0: x", "area 1: z", "area 0: x", "area 1: y"]


def test_single_seat_env_draws_too():
    env = digsite.single_seat_env("mykerinos", num_players=2, render_mode="rgb_array")
    assert env.render().dtype == np.uint8  # before reset: a page saying so
    env.reset(seed=0)
    assert env.render().shape == env.render().shape and env.render().ndim == 3


def _video_env(env_id: str) -> gym.Env:
    if env_id == "single-seat":
        return digsite.single_seat_env("mykerinos", num_players=2, render_mode="rgb_array")
    return gym.make(env_id, render_mode="rgb_array")


@pytest.mark.parametrize("env_id", [*sorted(SOLO_GYM_IDS), "single-seat"])
def test_record_video_writes_a_game(env_id, tmp_path):
    pytest.importorskip("moviepy")
    from gymnasium.wrappers import RecordVideo

    folder = tmp_path / "videos"  # RecordVideo warns when its folder exists
    env = RecordVideo(
        _video_env(env_id),
        str(folder),
        episode_trigger=lambda episode: True,
        disable_logger=True,
    )
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(20):
        _, _, term, trunc, _ = env.step(random_action(env.unwrapped.action_masks(), rng))
        if term or trunc:
            break
    env.close()
    videos = list(folder.glob("*.mp4"))
    assert len(videos) == 1 and videos[0].stat().st_size > 1000


@pytest.mark.parametrize("env_id", sorted(SOLO_GYM_IDS))
def test_make_vec_env_works_with_its_defaults(env_id):
    pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.env_util import make_vec_env

    vec = make_vec_env(env_id, n_envs=2)
    assert vec.reset().shape[0] == 2
    vec.close()


def test_human_mode_shows_the_picture_in_a_window_when_there_is_a_display(monkeypatch):
    pygame = pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # a display without a screen
    env = digsite.mykerinos_v1.env(num_players=2, render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    shown = pygame.surfarray.array3d(pygame.display.get_surface()).swapaxes(0, 1)
    assert np.array_equal(shown, picture(env.unwrapped.game_state))
    env.close()
    assert pygame.display.get_surface() is None


def test_human_mode_prints_the_text_picture_without_a_display(monkeypatch, capsys):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    env = digsite.single_seat_env("mykerinos", num_players=2, render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert capsys.readouterr().out.strip() == env.game_state.render().strip()
