# One call with Python's `requests` and its defaults (json=: Content-Type application/json,
# Accept */*, Accept-Encoding gzip, deflate): `python3 call.py <url> <request.json>`.
# Prints {"status", "body"} as JSON. Run by tests/clients/defaults.test.ts.
import json
import sys

import requests

url, request_file = sys.argv[1], sys.argv[2]
with open(request_file, encoding="utf-8") as f:
    request = json.load(f)
r = requests.post(url, json=request["body"], headers=request["headers"], timeout=20)
sys.stdout.write(json.dumps({"status": r.status_code, "body": r.content.decode("utf-8")}))
