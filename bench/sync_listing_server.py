#!/usr/bin/env python3
"""A local HTTP server for bench/sync: serves a folder with Apache-style autoindex
pages (a <pre> listing: Name, Last modified, Size) and, as python's own handler
does, Last-Modified and If-Modified-Since / 304 for files. Usage:
listing_server.py ROOT PORT"""
import datetime
import html
import http.server
import os
import sys
import urllib.parse


class Handler(http.server.SimpleHTTPRequestHandler):
    def list_directory(self, path):
        names = sorted(os.listdir(path))
        title = html.escape(urllib.parse.unquote(self.path))
        rows = ['<a href="../">Parent Directory</a>' + ' ' * 30 + '-']
        for name in names:
            full = os.path.join(path, name)
            shown = name + '/' if os.path.isdir(full) else name
            when = datetime.datetime.utcfromtimestamp(os.path.getmtime(full)).strftime('%Y-%m-%d %H:%M')
            size = '-' if os.path.isdir(full) else str(os.path.getsize(full))
            link = '<a href="%s">%s</a>' % (urllib.parse.quote(shown), html.escape(shown))
            rows.append('%s%s %s  %5s' % (link, ' ' * max(1, 50 - len(shown)), when, size))
        body = ('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">\n<html><head><title>Index of %s</title>'
                '</head><body><h1>Index of %s</h1><pre>      Name%sLast modified      Size  Description'
                '<hr>%s\n<hr></pre></body></html>\n') % (title, title, ' ' * 46, '\n'.join(rows))
        data = body.encode('utf-8')
        self.send_response(200)
        self.send_header('Content-Type', 'text/html; charset=utf-8')
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        return _Body(data)

    def log_message(self, *args):
        pass


class _Body:
    def __init__(self, data):
        self.data = data

    def read(self, *args):
        data, self.data = self.data, b''
        return data

    def close(self):
        pass


if __name__ == '__main__':
    root, port = sys.argv[1], int(sys.argv[2])
    os.chdir(root)
    http.server.ThreadingHTTPServer(('127.0.0.1', port), Handler).serve_forever()
