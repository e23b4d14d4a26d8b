"""The Gymnasium ids, as RL Zoo, CleanRL and stable-baselines3's ``make_vec_env`` reach an env:
by its id alone.  One seat of every game and player count of two or more
(``digsite/Mykerinos2p-v1``) and the solo games (``digsite/ArcheOlogicSolo-v2``) are made by
``gymnasium.make``, pass Gymnasium's checker, show their action masks without ``.unwrapped``,
take the options of :func:`digsite.single_seat_env`, and train MaskablePPO."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import digsite
from digsite.core.errors import ConfigError
from digsite.envs.registry import SINGLE_SEAT_GYM_IDS, SOLO_GYM_IDS
from digsite.games import BUILTIN

SEAT_IDS = sorted(SINGLE_SEAT_GYM_IDS)
GYM_IDS = [*sorted(SOLO_GYM_IDS), *SEAT_IDS]
PPO_IDS = [entry.single_seat_id(entry.single_seat_counts[0]) for entry in BUILTIN]
"""One player count per game (the fewest players: the shortest games) for the training test."""


def test_an_id_for_every_game_and_player_count_never_taken_for_a_pettingzoo_id():
    for entry in BUILTIN:
        counts = [n for game, n in SINGLE_SEAT_GYM_IDS.values() if game == entry.name]
        assert counts == [n for n in entry.player_counts if n >= 2]
        for n in counts:
            assert entry.single_seat_id(n) == f"digsite/{entry.gym_name}{n}p-v{entry.version}"
        assert entry.gym_name[0].isupper() and entry.gym_name.isalnum()
    assert len({entry.gym_name for entry in BUILTIN}) == len(BUILTIN)
    pettingzoo_ids = {entry.env_id.lower() for entry in BUILTIN}
    assert not pettingzoo_ids & {env_id.lower() for env_id in GYM_IDS}
    assert set(GYM_IDS) <= set(gym.registry)


def test_the_game_takes_its_player_counts_from_its_spec():
    for entry in BUILTIN:
        game_class = entry.load_game_class()
        assert game_class.player_counts == entry.player_counts
        with pytest.raises(ConfigError, match=", ".join(map(str, entry.player_counts))):
            game_class.from_config(num_players=max(entry.player_counts) + 1)


@pytest.mark.parametrize("env_id", SEAT_IDS)
def test_make_gives_one_seat_with_its_action_masks(env_id):
    """The same env as ``single_seat_env`` (the same first observation under a seed), with
    ``action_masks()`` on what ``gymnasium.make`` returns."""
    game, num_players = SINGLE_SEAT_GYM_IDS[env_id]
    env = gym.make(env_id)
    assert env.spec.id == env_id
    assert (env.unwrapped.game.name, env.unwrapped.game.num_players) == (game, num_players)
    observation, info = env.reset(seed=3)
    same, same_info = digsite.single_seat_env(game, num_players=num_players).reset(seed=3)
    assert np.array_equal(observation, same) and info == same_info
    rng = np.random.default_rng(0)
    for _ in range(20):
        mask = env.action_masks()
        assert mask.dtype == bool and mask.any()
        assert np.array_equal(mask, env.unwrapped.action_masks())
        observation, reward, terminated, truncated, info = env.step(
            rng.choice(np.flatnonzero(mask))
        )
        assert not info.get("illegal_action")
        if terminated:
            assert not env.action_masks().any()
            env.reset()


@pytest.mark.parametrize("env_id", sorted(SOLO_GYM_IDS))
def test_the_solo_ids_still_work_and_show_their_masks_too(env_id):
    env = gym.make(env_id)
    env.reset(seed=0)
    assert env.action_masks().any()
    assert np.array_equal(env.action_masks(), env.unwrapped.action_masks())


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("env_id", GYM_IDS)
def test_gymnasium_env_checker_passes(env_id):
    """Gymnasium's checker, on the env itself as it asks (its render check makes the id again
    in every render mode)."""
    check_env(gym.make(env_id).unwrapped)


def test_the_spec_remakes_the_env_and_masks_reach_through_more_wrappers():
    env = gym.make("digsite/MedievalRealms3p-v1", seat=2)
    again = gym.make(env.spec)
    assert again.spec == env.spec and again.unwrapped.fixed_seat == 2
    again.reset(seed=0)
    assert again.action_masks().any()
    wrapped = gym.wrappers.RecordEpisodeStatistics(again)
    assert np.array_equal(wrapped.get_wrapper_attr("action_masks")(), again.action_masks())


def test_options_reach_the_seat_the_opponents_and_the_game():
    env = gym.make(
        "digsite/RoyalSociety2p-v3",
        seat=1,
        opponents="heuristic",
        mode="competitive",
        illegal_action="random",
        illegal_action_reward=-2.0,
    )
    seat = env.unwrapped
    assert seat.fixed_seat == 1 and seat.game.config["mode"] == "competitive"
    assert type(seat.opponents[0]).__name__ == "RoyalSocietyHeuristic"
    assert (seat.illegal_action, seat.illegal_action_reward) == ("random", -2.0)
    assert env.reset(seed=0)[1] == {"seat": 1}
    env = gym.make("digsite/Mykerinos3p-v1", museum_two_rooms=4, num_players=3)
    assert env.unwrapped.game.config["museum_two_rooms"] == 4


@pytest.mark.parametrize(
    "options",
    [{"bogus": 1}, {"seat": 2}, {"opponents": "smart"}, {"illegal_action": "ignore"}],
    ids=lambda options: next(iter(options)),
)
def test_a_bad_option_is_the_envs_own_one_line_error(options):
    with pytest.raises(ConfigError) as direct:
        digsite.single_seat_env("mykerinos", num_players=2, **options)
    with pytest.raises(ConfigError) as made:
        gym.make("digsite/Mykerinos2p-v1", **options)
    assert str(made.value) == str(direct.value) and "\n" not in str(made.value)


def test_the_player_count_is_the_ids():
    with pytest.raises(ConfigError, match="the id is for 2 players, not 3; make digsite/Myk"):
        gym.make("digsite/Mykerinos2p-v1", num_players=3)
    with pytest.raises(ConfigError, match="the id is for 2 players, not 7$"):
        gym.make("digsite/Mykerinos2p-v1", num_players=7)
    with pytest.raises(ConfigError, match="not True"):
        gym.make("digsite/RoyalSociety2p-v3", num_players=True)
    assert gym.make("digsite/Mykerinos2p-v1", num_players=np.int64(2)).unwrapped.game


@pytest.fixture
def one_torch_thread():
    torch = pytest.importorskip("torch")
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # a tiny network: threads only wait for each other
    yield
    torch.set_num_threads(threads)


@pytest.mark.parametrize("env_id", PPO_IDS)
def test_maskable_ppo_trains_through_make_vec_env(env_id, one_torch_thread):
    """What sb3-contrib needs of an id: ``make_vec_env(id)`` alone (no lambda, no
    ``ActionMasker``), masks found through its Monitor, and never an illegal action played."""
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.env_util import make_vec_env

    class NoIllegalAction(BaseCallback):
        def _on_step(self) -> bool:
            assert not any(info.get("illegal_action") for info in self.locals["infos"])
            return True

    venv = make_vec_env(env_id, n_envs=2, seed=0)
    assert is_masking_supported(venv)
    venv.reset()
    masks = get_action_masks(venv)
    assert masks.shape == (2, venv.action_space.n) and masks.any(axis=1).all()
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        n_steps=64,
        batch_size=64,
        n_epochs=1,
        policy_kwargs={"net_arch": [32]},
        seed=0,
        device="cpu",
    )
    model.learn(256, callback=NoIllegalAction())
    assert model.num_timesteps >= 256
    venv.close()


@pytest.mark.parametrize("name", ["train", "evaluate"])
def test_the_commands_take_a_seat_id_for_its_game_and_player_count(name):
    from digsite.commandline import parse_args

    by_id = parse_args(
        name, ["--env", "digsite/Mykerinos3p-v1", "--env-option", "museum_two_rooms=4"]
    )
    by_game = parse_args(
        name, ["--game", "mykerinos", "--num-players", "3", "--game-option", "museum_two_rooms=4"]
    )
    assert vars(by_id) == vars(by_game)
    assert (by_id.game, by_id.num_players, by_id.env) == ("mykerinos", 3, None)


def test_a_seat_id_refuses_the_envs_own_options_and_a_second_game(capsys):
    from digsite.commandline import parse_args

    for argv, message in [
        (["--env-option", "opponents=heuristic"], "--env-option opponents: the command plays"),
        (["--game", "mykerinos"], "is one seat of a game: leave out --game"),
    ]:
        with pytest.raises(SystemExit):
            parse_args("train", ["--env", "digsite/Mykerinos2p-v1", *argv])
        assert message in capsys.readouterr().err
