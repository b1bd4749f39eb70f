#!/usr/bin/env python3
"""Builds assets/map/outlines.bin, the map's coasts and borders, from Natural Earth.

Input: `countries-10m.json` of the npm package world-atlas@2 (Natural Earth 4.1.0 admin-0
countries at 1:10m as TopoJSON; Natural Earth is public domain, the package ISC):

    npm pack world-atlas@2 && tar xzf world-atlas-2.0.2.tgz
    python3 assets/map/build_outlines.py package/countries-10m.json assets/map/outlines.bin

TopoJSON stores every border once, as an arc shared by the two countries it separates; railtop
keeps those arcs (so a border is drawn once) that come near one of the API's countries, each
tagged with the API countries it belongs to (a coast has one, a border two, a neighbour's
border none), simplified (Douglas-Peucker, 0.006 degrees, about 600 m) and quantised to 1e-4
degrees.

Format (little endian): b"RTOL1\n"; u8 n and n two-letter ISO codes (the API's countries, index
1..=n); u32 arc count; per arc: u8 country a, u8 country b (0: none), u32 point count, i32 lat
and i32 lng of the first point, then per point i16 dlat, i16 dlng; a delta pair of 0x7fff
0x7fff is followed by the point as two i32 (for long straight stretches).
"""
import json
import struct
import sys

# ISO 3166-1 numeric (world-atlas `id`) -> alpha-2, for the API's nineteen countries.
API = {
    "246": "FI", "372": "IE", "056": "BE", "756": "CH", "276": "DE", "840": "US", "578": "NO",
    "040": "AT", "458": "MY", "528": "NL", "752": "SE", "250": "FR", "392": "JP", "380": "IT",
    "724": "ES", "100": "BG", "616": "PL", "818": "EG", "203": "CZ",
}
# The countries' boxes (crates/railtop-core/src/country.rs), widened: neighbours show around each.
BOXES = [
    (47.2, 55.1, 5.8, 15.1), (51.4, 55.4, -10.7, -5.4), (49.4, 51.6, 2.5, 6.5),
    (45.8, 47.9, 5.9, 10.6), (59.7, 70.1, 19.4, 31.6), (50.7, 53.6, 3.3, 7.3),
    (57.9, 71.2, 4.5, 31.2), (46.3, 49.1, 9.5, 17.2), (55.3, 69.1, 10.9, 24.2),
    (41.3, 51.1, -5.2, 9.6), (24.4, 49.4, -124.9, -66.9), (24.0, 45.6, 122.9, 145.9),
    (22.0, 31.7, 24.7, 36.9), (41.2, 44.3, 22.3, 28.7), (0.8, 7.4, 99.6, 119.3),
    (36.6, 47.1, 6.6, 18.6), (35.9, 43.8, -9.4, 3.4), (49.0, 54.9, 14.1, 24.2),
    (48.5, 51.1, 12.0, 18.9),
]
MARGIN = 0.25
TOLERANCE = 0.006
SCALE = 1e4


def widened(box):
    lat0, lat1, lng0, lng1 = box
    dl, dg = (lat1 - lat0) * MARGIN + 1, (lng1 - lng0) * MARGIN + 1
    return (lat0 - dl, lat1 + dl, lng0 - dg, lng1 + dg)


REGION = [widened(b) for b in BOXES]


def near(points):
    return any(
        lat0 <= lat <= lat1 and lng0 <= lng <= lng1
        for (lng, lat) in points
        for (lat0, lat1, lng0, lng1) in REGION
    )


def simplify(points, tolerance):
    """Douglas-Peucker, iterative; keeps the ends."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        a, b = stack.pop()
        (x1, y1), (x2, y2) = points[a], points[b]
        dx, dy = x2 - x1, y2 - y1
        norm = (dx * dx + dy * dy) ** 0.5
        best, at = 0.0, None
        for i in range(a + 1, b):
            x, y = points[i]
            d = abs(dy * (x - x1) - dx * (y - y1)) / norm if norm else ((x - x1) ** 2 + (y - y1) ** 2) ** 0.5
            if d > best:
                best, at = d, i
        if at is not None and best > tolerance:
            keep[at] = True
            stack += [(a, at), (at, b)]
    return [p for p, k in zip(points, keep) if k]


def main(src, dst):
    topo = json.load(open(src))
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)
    owners = [set() for _ in arcs]

    def walk(node, code):
        if isinstance(node, int):
            owners[node if node >= 0 else ~node].add(code)
        else:
            for child in node:
                walk(child, code)

    for g in topo["objects"]["countries"]["geometries"]:
        walk(g.get("arcs", []), API.get(str(g.get("id", "")).zfill(3), ""))
    codes = sorted(set(API.values()))
    index = {c: i + 1 for i, c in enumerate(codes)}
    out = bytearray(b"RTOL1\n")
    out += struct.pack("<B", len(codes)) + "".join(codes).encode()
    kept = []
    for pts, who in zip(arcs, owners):
        if not near(pts):
            continue
        pts = simplify(pts, TOLERANCE)
        ours = sorted(index[c] for c in who if c)[:2] + [0, 0]
        kept.append((ours[0], ours[1], pts))
    out += struct.pack("<I", len(kept))
    total = 0
    for a, b, pts in kept:
        q = [(round(lat * SCALE), round(lng * SCALE)) for (lng, lat) in pts]
        out += struct.pack("<BBI", a, b, len(q)) + struct.pack("<ii", *q[0])
        for (p0, p1) in zip(q, q[1:]):
            d = (p1[0] - p0[0], p1[1] - p0[1])
            if all(-32767 < v < 32767 for v in d):
                out += struct.pack("<hh", *d)
            else:
                out += struct.pack("<hhii", 0x7FFF, 0x7FFF, *p1)
        total += len(q)
    open(dst, "wb").write(out)
    print(f"{len(kept)} arcs, {total} points, {len(out)} bytes -> {dst}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
