"""Parses a /metrics page with the Python Prometheus client's own parsers and prints what they
read, as JSON, for host/tests/http_api.rs to check.

usage: parse.py prometheus|openmetrics < page

The classic text parser (prometheus_client.parser) reads the Prometheus text format 0.0.4; the
OpenMetrics parser (prometheus_client.openmetrics.parser) is stricter: it rejects a page without
`# EOF`, a sample outside its family, a bad escape. Either one raising is a failed test.
"""

import importlib.metadata
import json
import math
import sys

from prometheus_client.openmetrics.parser import (
    text_string_to_metric_families as openmetrics_families,
)
from prometheus_client.parser import text_string_to_metric_families as text_families


def main() -> None:
    kind = sys.argv[1]
    page = sys.stdin.read()
    parse = {"prometheus": text_families, "openmetrics": openmetrics_families}[kind]
    families = []
    for family in parse(page):
        families.append(
            {
                "name": family.name,
                "type": family.type,
                "samples": [
                    {
                        "name": s.name,
                        "labels": s.labels,
                        # JSON has no infinity; +Inf bucket bounds are labels, not values.
                        "value": None if math.isinf(s.value) else s.value,
                    }
                    for s in family.samples
                ],
            }
        )
    version = importlib.metadata.version("prometheus_client")
    print(json.dumps({"parser_version": version, "families": families}))


if __name__ == "__main__":
    main()
