"""Host firewall as NCCL meets it: does a new inbound TCP connection from another node to port P
get through? Read from `iptables-save` (filter table, INPUT chain and the chains it jumps to) or
`nft list ruleset` (every base chain on the input hook; a packet must pass all of them).

NCCL's bootstrap, proxy and socket transport listen on port 0, so peers connect to ports from the
kernel's ephemeral range (net.ipv4.ip_local_port_range), not only to MASTER_PORT. The model is
conservative: a rule restricted to a source address or interface is assumed to match when it
accepts and not to match when it drops, so only a firewall that surely blocks is reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["IPTABLES", "NFT", "Rule", "parse_iptables", "parse_nft", "verdict"]

IPTABLES = "iptables-save.txt"
NFT = "nft-ruleset.txt"
_MAX_DEPTH = 16
_ESTABLISHED_ONLY = {"established", "related", "untracked"}


@dataclass(frozen=True, slots=True)
class Rule:
    target: str  # "accept", "drop", "return", "jump:<chain>", "" (no verdict: log, counter)
    ports: tuple[tuple[int, int], ...] | None = None  # None: any TCP port
    conditional: bool = False  # restricted to some sources / interfaces
    applies: bool = True  # False: cannot match a new TCP connection from another node


def _ranges(spec: str, sep: str) -> tuple[tuple[int, int], ...] | None:
    out = []
    for part in filter(None, (p.strip() for p in spec.strip("{} ").split(","))):
        lo, _, hi = part.partition(sep)
        if not lo.isdigit() or (hi and not hi.isdigit()):
            return None
        out.append((int(lo), int(hi or lo)))
    return tuple(out) or None


def _target(word: str, chain_names: set[str]) -> str:
    word = word.lower() if word.upper() in ("ACCEPT", "DROP", "REJECT", "RETURN") else word
    if word in ("accept",):
        return "accept"
    if word in ("drop", "reject"):
        return "drop"
    if word == "return":
        return "return"
    return f"jump:{word}" if word in chain_names else ""


def parse_iptables(text: str) -> tuple[dict[str, str], dict[str, list[Rule]]]:
    """(chain -> policy, chain -> rules) of the filter table of `iptables-save`."""
    policies: dict[str, str] = {}
    rules: dict[str, list[Rule]] = {}
    table = None
    lines = text.splitlines()
    chains = {ln[1:].split()[0] for ln in lines if ln.startswith(":")}
    for line in lines:
        if line.startswith("*"):
            table = line[1:].strip()
        elif table == "filter" and line.startswith(":"):
            name, policy = (line[1:].split() + ["-"])[:2]
            policies[name] = "drop" if policy in ("DROP", "REJECT") else "accept" if policy == "ACCEPT" else "-"
        elif table == "filter" and line.startswith("-A "):
            words = line.split()
            rules.setdefault(words[1], []).append(_iptables_rule(words[2:], chains))
    return policies, rules


def _iptables_rule(words: list[str], chains: set[str]) -> Rule:
    opts: dict[str, str] = {}
    negated: set[str] = set()
    i = 0
    while i < len(words):
        if words[i] == "!":
            negated.add(words[i + 1] if i + 1 < len(words) else "")
            i += 1
            continue
        if words[i].startswith("-"):
            value = words[i + 1] if i + 1 < len(words) and not words[i + 1].startswith("-") else ""
            opts[words[i]] = value
        i += 1
    target = _target(opts.get("-j", opts.get("-g", "")), chains)
    proto = opts.get("-p", opts.get("--protocol", "all")).lower()
    state = (opts.get("--state") or opts.get("--ctstate") or "").lower().split(",")
    applies = (proto in ("all", "tcp", "6") and opts.get("-i") != "lo"
               and not (state != [""] and set(state) <= _ESTABLISHED_ONLY | {"invalid"}))
    spec = opts.get("--dport") or opts.get("--dports") or opts.get("--destination-port")
    ports = _ranges(spec, ":") if spec else None
    if spec and (ports is None or negated & {"--dport", "--dports", "--destination-port"}):
        return Rule(target=target, conditional=True, applies=applies)
    conditional = any(k in opts for k in ("-s", "--source", "-i", "--in-interface", "--src-range",
                                           "--match-set", "--uid-owner", "--mac-source"))
    return Rule(target=target, ports=ports, conditional=conditional, applies=applies)


_NFT_CHAIN = re.compile(r"^\s*chain\s+(\S+)\s*\{")
_NFT_HOOK = re.compile(r"type\s+filter\s+hook\s+input\b", re.IGNORECASE)
_NFT_POLICY = re.compile(r"\bpolicy\s+(accept|drop)\b", re.IGNORECASE)
_NFT_DPORT = re.compile(r"\b(?:tcp|th)\s+dport\s+(!=\s*)?(\{[^}]*\}|\S+)")


def parse_nft(text: str) -> tuple[dict[str, str], dict[str, list[Rule]]]:
    """(base input chain -> policy, chain -> rules) of `nft list ruleset` (chains keyed table/chain)."""
    policies: dict[str, str] = {}
    rules: dict[str, list[Rule]] = {}
    table, chain = "", None
    names = {m.group(1) for ln in text.splitlines() if (m := _NFT_CHAIN.match(ln))}
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("table "):
            table, chain = stripped.split()[-2], None
        elif (m := _NFT_CHAIN.match(line)):
            chain = f"{table}/{m.group(1)}"
            rules.setdefault(chain, [])
        elif chain and stripped.startswith("type ") and _NFT_HOOK.search(stripped):
            policy = _NFT_POLICY.search(stripped)
            policies[chain] = policy.group(1).lower() if policy else "accept"
        elif chain and stripped and stripped != "}" and not stripped.startswith(("type ", "policy ")):
            rules[chain].append(_nft_rule(stripped, table, names))
    return policies, rules


def _nft_rule(text: str, table: str, names: set[str]) -> Rule:
    words = text.split()
    target = ""
    for i, w in enumerate(words):
        if w in ("accept", "drop", "reject", "return"):
            target = _target(w, names)
        elif w in ("jump", "goto") and i + 1 < len(words):
            target = f"jump:{table}/{words[i + 1]}" if words[i + 1] in names else ""
    lower = text.lower()
    state = re.search(r"ct state\s+(\{[^}]*\}|\S+)", lower)
    states = set(re.split(r"[,\s{}]+", state.group(1))) - {""} if state else set()
    applies = not (re.search(r'\biif(name)?\s+"?lo"?(\s|$)', lower)
                   or re.search(r"\b(udp|icmp|icmpv6)\b", lower) and "tcp" not in lower
                   or (states and states <= _ESTABLISHED_ONLY | {"invalid"}))
    m = _NFT_DPORT.search(lower)
    ports = _ranges(m.group(2), "-") if m else None
    if m and (ports is None or m.group(1)):
        return Rule(target=target, conditional=True, applies=applies)
    conditional = bool(re.search(r"\b(saddr|iif|iifname|meta mark|@)", lower))
    return Rule(target=target, ports=ports, conditional=conditional, applies=applies)


def _walk(chain: str, port: int, rules: dict[str, list[Rule]], depth: int) -> str | None:
    """"accept", "drop", or None (fell off the end / returned) for `port` through `chain`."""
    if depth > _MAX_DEPTH:
        return None
    for rule in rules.get(chain, []):
        if not rule.applies or not rule.target:
            continue
        if rule.ports is not None and not any(lo <= port <= hi for lo, hi in rule.ports):
            continue
        if rule.target == "drop" and rule.conditional:
            continue
        if rule.target == "return":
            return None
        if rule.target.startswith("jump:"):
            result = _walk(rule.target[5:], port, rules, depth + 1)
            if result is not None:
                return result
            continue
        return rule.target
    return None


def verdict(policies: dict[str, str], rules: dict[str, list[Rule]], port: int, *, nft: bool) -> str:
    """"accept" or "drop" for a new TCP connection from another node to `port`."""
    bases = list(policies) if nft else ["INPUT"]
    for base in bases:
        result = _walk(base, port, rules, 0) or policies.get(base, "accept")
        if result == "drop":
            return "drop"
    return "accept"
