"""`ncclkit analyze`: readers of NCCL logs, nccl-tests output, ibstat / show_gids / topo listings."""
