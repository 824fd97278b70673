"""Print, one a line, the `podman run`/`docker run` flags that give a
container the settings docker/compose.yaml declares for its service:
environment, read-only root, dropped capabilities, security options,
memory and CPU limits. Exit 1 when any of that hardening is missing.

    python3 docker/compose_flags.py docker/compose.yaml
"""

import sys

import yaml

UNITS = {"b": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}


def to_bytes(size):
    text = str(size).strip().lower().rstrip("b") or "0"
    unit = text[-1] if text[-1] in UNITS else "b"
    return int(float(text.rstrip("kmg")) * UNITS[unit])


def main(path):
    services = yaml.safe_load(open(path))["services"]
    (svc,) = services.values()
    missing = []
    flags = []
    env = svc.get("environment") or {}
    if isinstance(env, list):
        env = dict(e.split("=", 1) for e in env)
    flags += [f"--env={k}={v}" for k, v in env.items()]
    if svc.get("read_only") is True:
        flags.append("--read-only")
    else:
        missing.append("read_only: true")
    caps = svc.get("cap_drop") or []
    if "ALL" not in caps:
        missing.append("cap_drop: [ALL]")
    flags += [f"--cap-drop={c}" for c in caps]
    for opt in svc.get("security_opt") or []:
        flags.append("--security-opt=" + opt.removesuffix(":true"))
    limits = (svc.get("deploy") or {}).get("resources", {}).get("limits", {})
    if "memory" in limits:
        flags.append(f"--memory={to_bytes(limits['memory'])}")
    else:
        missing.append("deploy.resources.limits.memory")
    if "cpus" in limits:
        flags.append(f"--cpus={float(limits['cpus'])}")
    else:
        missing.append("deploy.resources.limits.cpus")
    if missing:
        sys.exit(f"{path}: missing {', '.join(missing)}")
    print("\n".join(flags))


if __name__ == "__main__":
    main(sys.argv[1])
