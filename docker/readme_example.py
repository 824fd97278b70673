"""Print the body of the README's first `curl .../v1/settle ... -d '...'`
example (its answer must be tests/golden/api-md-example.response.json).

    python3 docker/readme_example.py README.md
"""

import json
import re
import sys

found = re.search(r"curl [^\n]*/v1/settle [^\n]*-d '(.*?)'", open(sys.argv[1]).read(), re.S)
if not found:
    sys.exit(f"{sys.argv[1]}: no curl .../v1/settle -d '...' example")
json.loads(found.group(1))
sys.stdout.write(found.group(1))
