"""The statistics behind balance verdicts, against published values."""

from __future__ import annotations

import math

import pytest

from editor.balance.stats import (
    chi2_equal,
    chi2_homogeneity,
    chi2_sf,
    format_p,
    mcnemar,
    mean_diff,
    newcombe,
    paired_diff,
    paired_mean_diff,
    wilson,
)


def test_wilson_interval_matches_published_values() -> None:
    # Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662; 0/10 -> 0 to 0.2775
    lo, hi = wilson(81, 263)
    assert lo == pytest.approx(0.2553, abs=1e-4) and hi == pytest.approx(0.3662, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 7)[0] == 0.0 and wilson(7, 7)[1] == 1.0  # no rounding past p


def test_newcombe_difference_interval() -> None:
    # Newcombe (1998), example (a): 56/70 vs 48/80, difference 0.2 -> 0.0524 to 0.3339
    d, lo, hi = newcombe(48, 80, 56, 70)
    assert d == pytest.approx(0.2)
    assert lo == pytest.approx(0.0524, abs=1e-4) and hi == pytest.approx(0.3339, abs=1e-4)


@pytest.mark.parametrize(("x", "df", "p"), [
    (3.841459, 1, 0.05), (7.814728, 3, 0.05), (11.34487, 3, 0.01), (0.3518463, 3, 0.95),
    (40.0, 4, 21 * math.exp(-20.0)), (2.0, 2, math.exp(-1.0)),  # df 2, 4: closed forms
])
def test_chi2_upper_tail(x: float, df: int, p: float) -> None:
    assert chi2_sf(x, df) == pytest.approx(p, rel=1e-4)


def test_chi2_equal_seats() -> None:
    stat, df, p = chi2_equal([25, 25, 25, 25])
    assert (stat, df, p) == (0.0, 3, 1.0)
    stat, df, p = chi2_equal([40, 20, 20, 20])
    assert stat == pytest.approx(12.0) and df == 3 and p < 0.01


def test_chi2_homogeneity_drops_empty_categories() -> None:
    stat, df, p = chi2_homogeneity([10, 20, 0], [10, 20, 0])
    assert stat == pytest.approx(0.0) and df == 1 and p == pytest.approx(1.0)
    stat, df, p = chi2_homogeneity([30, 10], [10, 30])
    assert stat == pytest.approx(20.0) and p < 0.001


def test_mean_difference_interval_and_p_wording() -> None:
    d, lo, hi = mean_diff([1.0, 2.0, 3.0, 4.0], [3.0, 4.0, 5.0, 6.0])
    assert d == pytest.approx(2.0) and lo < 2.0 < hi
    assert math.isnan(mean_diff([1.0], [2.0])[0])
    assert format_p(0.0001) == "p < 0.001" and format_p(0.04213) == "p = 0.042"


def test_mcnemar_exact_p_values() -> None:
    # 10 discordant pairs all one way: 2 * 0.5**10
    assert mcnemar(10, 0) == pytest.approx(2 / 1024)
    assert mcnemar(0, 10) == pytest.approx(2 / 1024)
    assert mcnemar(5, 5) == 1.0 and mcnemar(0, 0) == 1.0
    # 3 against 9 of 12: P(X <= 3) = (1 + 12 + 66 + 220) / 4096, doubled
    assert mcnemar(3, 9) == pytest.approx(2 * 299 / 4096)
    # large counts stay finite (log space), and a tiny shift in 2000 pairs is no evidence
    assert 0.5 < mcnemar(1010, 990) <= 1.0


def test_paired_diff_is_sharper_than_independent_samples() -> None:
    # 1000 games paired by seed, 30 discordant pairs all towards B: +3 %, which independent
    # samples (Newcombe) cannot tell from chance, but the pairs can
    d, lo, hi = paired_diff(30, 0, 1000)
    assert d == pytest.approx(0.03) and 0 < lo < d < hi
    _d, nlo, _nhi = newcombe(250, 1000, 280, 1000)
    assert nlo < 0
    assert paired_diff(0, 0, 100)[1] < 0 < paired_diff(0, 0, 100)[2]


def test_paired_mean_diff() -> None:
    d, lo, hi = paired_mean_diff([10.0, 20.0, 30.0], [12.0, 21.0, 33.0])
    assert d == pytest.approx(2.0) and lo < 2.0 < hi
    nan = paired_mean_diff([1.0], [2.0])[0]
    assert nan != nan
