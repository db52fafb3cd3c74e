"""Hang diagnosis: readers of flight-recorder dumps, RAS reports, Inspector and watchdog lines
(records), a judge (findings per process group), and the live RAS client."""
