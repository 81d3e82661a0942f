"""Where one response-time curve crosses another (the ECS paper, 001_15318e11768c8d9a.txt section 2.6: "on the WAN,
DCE RPCs perform better than sockets for large message size, that is over 20 KB"): the smallest size above which
the first series is faster, interpolated linearly between the two sizes that bracket the change."""


def crossover(sizes: list[float], first_ms: list[float], second_ms: list[float]) -> float | None:
    """The size at which `first` becomes and stays faster than `second` (first < second from there to the
    largest size), linear between the bracketing sizes; sizes[0] when it is faster throughout; None when it is
    not faster at the largest size. sizes ascending."""
    if not sizes or len(sizes) != len(first_ms) or len(sizes) != len(second_ms):
        raise ValueError("sizes, first_ms and second_ms must be non-empty and of one length")
    diff = [a - b for a, b in zip(first_ms, second_ms)]
    if diff[-1] >= 0:
        return None
    k = len(diff) - 1
    while k > 0 and diff[k - 1] < 0:
        k -= 1
    if k == 0:
        return float(sizes[0])
    x0, x1, d0, d1 = sizes[k - 1], sizes[k], diff[k - 1], diff[k]
    return float(x0 + (x1 - x0) * d0 / (d0 - d1))
