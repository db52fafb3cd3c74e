"""Rules from round 54 of the held-out measurement (notebooks and hosted single machines, write-ups in Japanese and
Korean, science foundation models), each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, lead


# SKT-AI/KoBART#10: several GPUs started by spawning, and the scheduler's local lr_lambda cannot be pickled.
def test_an_object_a_spawned_worker_cannot_receive_is_the_programs() -> None:
    assert_reads("AttributeError: Can't pickle local object 'get_cosine_schedule_with_warmup.<locals>.lr_lambda'",
                 "log.framework_usage", "application_bug")
    assert_reads("TypeError: cannot pickle '_thread.lock' object", "log.framework_usage", "application_bug")
    # A checkpoint file cut short is no launch: nothing here names the program's spawn.
    assert lead("_pickle.UnpicklingError: pickle data was truncated\n") != ("log.framework_usage", "application_bug")


# deepspeedai/DeepSpeed#5878, #7469, #7711: the multi-node launcher's own bugs, each fixed by a later release.
def test_deepspeed_launcher_bugs_that_a_later_release_fixed() -> None:
    cmd = ("[2024-08-07 16:56:24,651] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w server22,server27 export "
           "PYTHONPATH=/home/u/code;  export SLURM_JOB_CPUS_PER_NODE=64(x2); cd /home/u/code; python -u train.py")
    for shell in ("server22: bash: -c: 行 0: 未预期的符号“(”附近有语法错误",
                  "server22: bash: -c: line 0: syntax error near unexpected token `('"):
        assert lead(f"{cmd}\n{shell}\n") == ("log.framework_release", "other")
    # The same command without the shell's complaint is a healthy start.
    assert lead(cmd + "\n") is None
    assert_reads("pdsh -S -f 1024 -w 10.4.11.15,10.4.10.1 source foo.sh export NCCL_NET_PLUGIN=blah; cd /w; python t.py",
                 "log.framework_release", "other")
    assert lead("pdsh -S -f 1024 -w 10.4.11.15 source foo.sh; export NCCL_NET_PLUGIN=blah; cd /w\n") is None
    tb = ('  File "/usr/local/lib/python3.12/dist-packages/deepspeed/launcher/multinode_runner.py", line 145, in '
          "validate_args\n    self._setup_mpi_environment()\n")
    assert lead(tb) == ("log.framework_release", "other")
