"""Rows of the line classifier (patterns.py) for PyTorch's fault-tolerance and newer distributed runtimes: torchft,
torchcomms and monarch (tests/lines/torchft.py holds every line with file:line@commit).

- torchft (pytorch/torchft 73dafea): the Lighthouse's quorum waits are progress; a Manager whose heartbeat to the
  Lighthouse fails had connected to it at start (Manager::new), so the Lighthouse went away; a kill request is the
  Lighthouse dashboard's kill button; a future that missed its deadline is the wrapped collective's hang; a missing
  TORCHFT_LIGHTHOUSE is a launch without the Lighthouse's address;
- torchcomms (meta-pytorch/torchcomms 59426ba): a bootstrap without a store or MASTER_ADDR/MASTER_PORT, an unknown
  exchange method, reconfigure on a backend without it and a communicator never finalized are misuse; a backend
  that no installed wheel registers is the build; the watchdog's "operation error" names no cause;
- monarch (meta-pytorch/monarch 3fc0a66): a host agent "assumed dead", a channel link that broke and never came back
  and RemoteError are a peer gone; a channel that never connected names no cause; monarch_rdma's ibverbs failures.

Read before the generic families: "timeout" in the quorum status, the watchdog's error line, the rwlock's wait and
the channel's delivery error would name a collective hang, "KeyError" a program bug, "Error" the error words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
TORCHFT_WORDS: tuple[bytes, ...] = (b"got kill request", b"finalized before destruction")

# hyperactor's channel error: "failed to deliver message within timeout {timeout:?}; {link_status}" (or "failed to
# receive ack within timeout ...; link is currently broken; {link_status}").
_CHANNEL = r"failed to (?:deliver message|receive ack) within timeout \S+; (?:link is currently broken; )?"


def torchft_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- lines that state no cause ------------------------------------------------------------------------
        # pytorch/torchft src/lighthouse.rs:235, :257, :543@73dafea: the Lighthouse reports why it has no quorum yet
        # (too few participants, stragglers it waits for until the join timeout) and a requester it retries.
        p(r"Quorum status: (?:New quorum not ready|Valid quorum with \d+ participants, waiting for)|Replica \S+ not "
          r"in quorum, retrying", "noise", I, "torchft's Lighthouse waiting for replica groups to join its quorum",
          "nothing to fix; if it never forms, read the missing replica groups' own logs", None, "noise"),
        # meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCLUtils.cpp:248@59426ba (comm_state_ ERROR: a
        # work failed, its own line says how); pytorch/torchft torchft/checkpointing/_rwlock.py:76, :85@73dafea
        # (the checkpoint server's state lock held by the training step for the lock's timeout); meta-pytorch/
        # monarch hyperactor/src/channel/net.rs:834@3fc0a66 with LinkStatus::NeverConnected (:437): the peer was
        # never reached: a wrong address, a peer not up yet or a blocked path, the code cannot tell which.
        p(r"- timeout watchdog detected operation error|Timed out waiting for [rw]lock after \S+ seconds|" + _CHANNEL
          + r"never connected", "other", W, "a failure whose line does not say why: torchcomms' watchdog found a "
          "failed operation, torchft's checkpoint lock was held too long, or monarch never reached a peer",
          "read the lines before it for the failed operation or the peer's own log", None, "collateral"),
        # -- a peer gone ----------------------------------------------------------------------------------------
        # pytorch/torchft src/manager.rs:208@73dafea: the heartbeat fails only after Manager::new connected to the
        # Lighthouse, and the code resets its client "since the lighthouse server might have failed". meta-pytorch/
        # monarch hyperactor/src/supervision.rs:245@3fc0a66 (a host or proc agent stopped answering: "became
        # unresponsive and is assumed dead"), hyperactor/src/channel/net.rs:834 with LinkStatus::Disconnected (:447:
        # the link was up, broke and did not come back within the delivery timeout), torch-sys-cuda/src/
        # nccl_common.rs:46 (RawNcclError::RemoteError is ncclRemoteError).
        p(r"Failed to send heartbeat to lighthouse: status: Unavailable\b|Supervision event: the process \S+ owned "
          r"by actor \S+ became unresponsive and is assumed dead|" + _CHANNEL + r"last connected [\d.]+s ago, "
          r"disconnected for|a NCCL-level error: RemoteError\b", "remote_exited", E,
          "a process this one talks to went away (torchft's Lighthouse, a monarch host or peer, an NCCL peer): it "
          "exited, crashed or its host dropped off the network", "find why that process stopped (its own log, "
          "`dmesg` for the OOM killer, a preemption) and restart it; torchft's replicas reconnect to a restarted "
          "Lighthouse", C.RANK_CRASHED_ELSEWHERE, "collateral", (C.WRONG_INTERFACE, C.FIREWALL_OR_PORT_BLOCKED)),
        # -- stopped from outside --------------------------------------------------------------------------------
        # pytorch/torchft src/manager.rs:484@73dafea: the Manager's kill RPC logs the caller's message and exits;
        # src/lighthouse.rs:474 sends "killed from dashboard" when a replica is killed on the Lighthouse's page.
        p(r"got kill request: ", "job_stopped", W, "torchft's Manager was told to exit by a kill request (the "
          "Lighthouse dashboard's kill button), not by an error of the job", "nothing failed; the replica group "
          "rejoins when it is restarted (ask who killed it if that was not intended)", C.OTHER, "collateral"),
        # -- collective timeouts ---------------------------------------------------------------------------------
        # pytorch/torchft torchft/futures.py:165, :313@73dafea (future_timeout) logged by torchft/manager.py:526
        # (Manager.wrap_future): the wrapped work, an allreduce of the replica groups, did not finish in time.
        p(r"future did not complete within \d", "timeout", E, "a collective torchft wrapped did not finish within "
          "its timeout: a rank or replica group never joined it (it hung, diverged or died)", "find the rank "
          "that did not arrive (its own log, py-spy dump); torchft skips the step and reconfigures",
          C.HANG_COLLECTIVE_MISMATCH, "collateral", (C.RANK_CRASHED_ELSEWHERE,)),
        # -- misuse ----------------------------------------------------------------------------------------------
        # pytorch/torchft torchft/manager.py:298@73dafea: lighthouse_addr or os.environ["TORCHFT_LIGHTHOUSE"];
        # meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCLBootstrap.cpp:154, :158@59426ba (neither a
        # store nor MASTER_ADDR and MASTER_PORT; an exchange method other than auto or tcpstore),
        # comms/torchcomms/TorchCommFactory.cpp:186 (enable_reconfigure on a backend without supportsReconfigure()).
        p(r"KeyError: 'TORCHFT_LIGHTHOUSE'|No way to exchange unique ID|Invalid unique ID exchange method|"
          r"enable_reconfigure=true is not supported by backend", "framework_usage", E,
          "the program set up torchft or torchcomms in a way they do not allow: no Lighthouse address, no way to "
          "exchange NCCL's unique ID (no store and no MASTER_ADDR/MASTER_PORT), an unknown exchange method, or "
          "reconfigure on a backend that cannot", "set TORCHFT_LIGHTHOUSE=http://<lighthouse host>:29510 (or pass "
          "lighthouse_addr); launch with torchrun (it sets MASTER_ADDR/MASTER_PORT) or pass a store; use the auto "
          "or tcpstore exchange method; enable reconfigure only on a backend that implements it (at 59426ba nccl, "
          "ncclx, rccl and gloo do: upgrade torchcomms if yours refuses one of them)", C.APPLICATION_BUG),
        # meta-pytorch/torchcomms comms/torchcomms/nccl/TorchCommNCCL.cpp:42@59426ba: the destructor of an
        # initialized communicator that finalize() never ended (also on the way out of a crash).
        p(r"TorchCommNCCL \S+ was not finalized before destruction", "framework_usage", W,
          "a torchcomms communicator was destroyed without finalize(): its NCCL resources leak (or the program was "
          "already exiting after another error)", "call comm.finalize() before dropping the communicator; if the "
          "program crashed, read the error above", C.APPLICATION_BUG, "likely"),
        # -- builds ----------------------------------------------------------------------------------------------
        # meta-pytorch/torchcomms comms/torchcomms/__init__.py:92@59426ba (_load_backend): no installed wheel
        # registers the backend under the torchcomms.backends entry point.
        p(r"failed to find backend \S+, is it registered via entry_points\.txt", "package_build", E,
          "the torchcomms install has no such backend: the wheel was built without it (or the name is misspelt)",
          "install a torchcomms wheel built with that backend (`torchcomms.is_backend_built('<name>')` says) or "
          "build it with the backend enabled; check the backend name", C.OTHER),
        # -- monarch_rdma's ibverbs backend ----------------------------------------------------------------------
        # meta-pytorch/monarch monarch_rdma/src/backend/ibverbs/queue_pair.rs:479@3fc0a66: a work completion's
        # ibv_wc_status as a number: 12 IBV_WC_RETRY_EXC_ERR, 13 IBV_WC_RNR_RETRY_EXC_ERR (the peer never
        # answered); 5 IBV_WC_WR_FLUSH_ERR is flushed after an earlier error.
        p(r"\b(?:send|recv) completion failed for wr_id=\d+: status=1[23],", "ib_completion_error", E,
          "an RDMA transfer of monarch failed at the NIC: the retries ran out (status 12/13: the peer's NIC never "
          "acknowledged)", "check `ibstat` and the port counters on both hosts and the switch ports; find whether "
          "the peer process died first; on RoCE check PFC/ECN", C.IB_TIMEOUT_OR_RETRY, "root",
          (C.IB_PORT_DOWN_OR_LINK, C.RANK_CRASHED_ELSEWHERE)),
        p(r"\b(?:send|recv) completion failed for wr_id=\d+: status=5,", "ib_completion_error", E,
          "an RDMA transfer of monarch was flushed (status 5): its queue pair had already failed", "read the first "
          "completion error before this one", C.IB_TIMEOUT_OR_RETRY, "collateral"),
        # monarch_rdma/src/backend/ibverbs/domain.rs:308@3fc0a66: ibv_reg_mr of host memory returned NULL (errno
        # not printed).
        p(r"failed to register standard MR", "ibv_reg_mr_failed", E,
          "monarch could not register host memory with the RDMA NIC", "raise the locked-memory limit (`ulimit -l "
          "unlimited`, IPC_LOCK in containers) and check the NIC's resources (`ibv_devinfo -v`)",
          C.IB_RESOURCE_ERROR, "root", (C.MEMLOCK_OR_ULIMIT,)),
    )
