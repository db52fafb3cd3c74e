"""Reports of doctor / analyze / bench / cluster results: terminal text, JSON, HTML, Prometheus."""
