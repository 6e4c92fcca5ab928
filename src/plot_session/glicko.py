"""Glicko-2 ratings: a player's rating, its deviation (how unsure it is) and volatility,
and how one rating period of results moves them (Glickman, "Example of the Glicko-2
system", 2013). The server rates its players' games with it (plot_server/ratings.py),
and the puzzles rate players and puzzles alike (plot_session/puzzle_play.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import attrs

SCALE = 173.7178  # Glicko-2's unit in rating points (400 / ln 10)
TAU = 0.5  # how much the volatility may change (Glickman suggests 0.3-1.2)
EPSILON = 0.000001  # the volatility's iteration stops within this
NEW_RATING, NEW_RD, NEW_VOLATILITY = 1500.0, 350.0, 0.06
MIN_RD = 45.0
PROVISIONAL_RD = 110.0  # above it a rating is shown with "?" and not ranked (as lichess)
PERIOD_DAYS = 7.0  # the RD grows by one period's volatility for each week away


@attrs.frozen
class Rating:
    rating: float = NEW_RATING
    rd: float = NEW_RD
    volatility: float = NEW_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD

    def __str__(self) -> str:
        return f"{self.rating:.0f}{'?' if self.provisional else ''}"


NEW = Rating()


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rated(player: Rating, games: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player`` after one rating period of ``games`` (opponent, score), by Glickman's
    "Example of the Glicko-2 system" (2013), steps 2 to 8."""
    mu, phi, sigma = (player.rating - NEW_RATING) / SCALE, player.rd / SCALE, player.volatility
    played = [((o.rating - NEW_RATING) / SCALE, o.rd / SCALE, s) for o, s in games]
    if not played:  # step 6 alone: the deviation grows
        return attrs.evolve(player, rd=math.sqrt(phi * phi + sigma * sigma) * SCALE)
    v_inv = 0.0
    delta_sum = 0.0
    for mu_j, phi_j, s in played:
        e = expected(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inv += g * g * e * (1 - e)
        delta_sum += g * (s - e)
    v = 1 / v_inv
    delta = v * delta_sum
    # step 5: the new volatility, by the Illinois algorithm
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (
            tau * tau
        )

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = max(MIN_RD / SCALE, 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v))
    new_mu = mu + new_phi * new_phi * delta_sum
    return Rating(new_mu * SCALE + NEW_RATING, new_phi * SCALE, new_sigma)


def away(player: Rating, days: float) -> Rating:
    """``player``'s rating after ``days`` without a rated game: the RD grows by the
    volatility for each period (fractions count), never past a newcomer's."""
    if days <= 0:
        return player
    phi, sigma = player.rd / SCALE, player.volatility
    grown = math.sqrt(phi * phi + sigma * sigma * days / PERIOD_DAYS) * SCALE
    return attrs.evolve(player, rd=min(NEW_RD, grown))
