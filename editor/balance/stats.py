"""Small statistics for balance reports, without scipy: Wilson intervals, Newcombe's interval for
a difference of two proportions, the chi-square distribution's upper tail and two chi-square
tests (goodness of fit against equal seats, homogeneity of two samples), and for games paired
by seed the exact McNemar test with paired intervals."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval (95 % by default) of a proportion k/n; (0, 1) when n == 0."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if k == 0 else max(0.0, centre - half)  # exact ends: no rounding past p
    hi = 1.0 if k == n else min(1.0, centre + half)
    return lo, hi


def newcombe(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """Difference p2 - p1 with Newcombe's hybrid score interval (method 10): (diff, lo, hi)."""
    p1 = k1 / n1 if n1 else 0.0
    p2 = k2 / n2 if n2 else 0.0
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return d, max(-1.0, lo), min(1.0, hi)


def mean_diff(a: list[float], b: list[float], z: float = Z95) -> tuple[float, float, float]:
    """mean(b) - mean(a) with a normal-approximation (Welch) 95 % interval: (diff, lo, hi)."""
    if len(a) < 2 or len(b) < 2:
        return float("nan"), float("nan"), float("nan")
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / (len(a) - 1)
    vb = sum((x - mb) ** 2 for x in b) / (len(b) - 1)
    se = math.sqrt(va / len(a) + vb / len(b))
    d = mb - ma
    return d, d - z * se, d + z * se


def _gamma_q(s: float, x: float) -> float:
    """Regularised upper incomplete gamma Q(s, x) (Numerical Recipes: series / continued
    fraction)."""
    if x <= 0:
        return 1.0
    gln = math.lgamma(s)
    if x < s + 1:  # series for P, then Q = 1 - P
        term = total = 1.0 / s
        a = s
        for _ in range(1000):
            a += 1
            term *= x / a
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + s * math.log(x) - gln))
    tiny = 1e-300
    b = x + 1 - s
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - s)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-x + s * math.log(x) - gln) * h)


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square distributed with df degrees of freedom."""
    if df <= 0:
        return float("nan")
    return _gamma_q(df / 2.0, x / 2.0)


def chi2_equal(counts: list[int]) -> tuple[float, int, float]:
    """Goodness of fit of counts against equal expected counts: (statistic, df, p-value)."""
    total = sum(counts)
    k = len(counts)
    if k < 2 or total == 0:
        return 0.0, max(0, k - 1), 1.0
    expected = total / k
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return stat, k - 1, chi2_sf(stat, k - 1)


def chi2_homogeneity(a: list[int], b: list[int]) -> tuple[float, int, float]:
    """Do two samples of category counts come from one distribution? (statistic, df, p-value);
    categories empty in both samples are dropped."""
    pairs = [(x, y) for x, y in zip(a, b, strict=True) if x + y > 0]
    na, nb = sum(x for x, _ in pairs), sum(y for _, y in pairs)
    if len(pairs) < 2 or na == 0 or nb == 0:
        return 0.0, 0, 1.0
    n = na + nb
    stat = 0.0
    for x, y in pairs:
        col = x + y
        for obs, row in ((x, na), (y, nb)):
            exp = row * col / n
            stat += (obs - exp) ** 2 / exp
    df = len(pairs) - 1
    return stat, df, chi2_sf(stat, df)


def format_p(p: float) -> str:
    """p-values as people read them: 'p < 0.001' or 'p = 0.042'."""
    if p != p:  # NaN
        return "p = n/a"
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def mcnemar(b_only: int, a_only: int) -> float:
    """Exact two-sided McNemar test on paired yes/no outcomes: p-value of `b_only` pairs that
    say yes only under B against `a_only` that say yes only under A (binomial, p = 1/2)."""
    n = b_only + a_only
    if n == 0:
        return 1.0
    k = min(b_only, a_only)
    log_half = n * math.log(0.5)
    tail = sum(math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                        + log_half) for i in range(k + 1))
    return min(1.0, 2 * tail)


def paired_diff(b_only: int, a_only: int, n: int,
                z: float = Z95) -> tuple[float, float, float]:
    """Difference of two proportions measured on the same n pairs, p_B - p_A, with the
    Agresti-Min adjusted Wald interval (0.5 added to each discordant count): (diff, lo, hi)."""
    if n <= 0:
        return 0.0, -1.0, 1.0
    d = (b_only - a_only) / n
    b2, a2, n2 = b_only + 0.5, a_only + 0.5, n + 2
    d2 = (b2 - a2) / n2
    se = math.sqrt(max(0.0, (b2 + a2) - (b2 - a2) ** 2 / n2)) / n2
    return d, max(-1.0, d2 - z * se), min(1.0, d2 + z * se)


def paired_mean_diff(a: list[float], b: list[float],
                     z: float = Z95) -> tuple[float, float, float]:
    """mean(b - a) over pairs (a[i], b[i]) with a normal-approximation 95 % interval."""
    if len(a) != len(b) or len(a) < 2:
        return float("nan"), float("nan"), float("nan")
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    m = sum(diffs) / len(diffs)
    se = math.sqrt(sum((d - m) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    return m, m - z * se, m + z * se
