"""Asks each path of a file once, in order, on one keep-alive connection, and
prints the latencies' p50/p99/max (bench/serve's COLD mode).

Usage: serve_cold.py URL PATHS_FILE LABEL
"""
import http.client
import sys
import time
import urllib.parse


def main():
    url, paths_file, label = sys.argv[1], sys.argv[2], sys.argv[3]
    where = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname, where.port)
    with open(paths_file) as f:
        paths = [line.strip() for line in f if line.strip()]
    latencies, failed = [], 0
    begun = time.perf_counter()
    for path in paths:
        start = time.perf_counter()
        connection.request("GET", path)
        answer = connection.getresponse()
        answer.read()
        latencies.append((time.perf_counter() - start) * 1e3)
        failed += answer.status != 200
    total = time.perf_counter() - begun
    latencies.sort()
    at = lambda p: latencies[min(len(latencies) - 1, int(p * (len(latencies) - 1) + 0.5))]
    print("  %-24s n=%d in %.2f s: p50 %.3f ms, p99 %.3f ms, max %.3f ms%s" % (
        label, len(latencies), total, at(0.5), at(0.99), latencies[-1],
        ", %d not 200" % failed if failed else ""))


main()
