// The vocabulary of ibv_create_srq(3) / ibv_modify_srq(3): the srq_attr_mask
// bits and how a struct ibv_srq_attr is written in evidence. The rules on
// them are rows of contracts/srq_rules.cpp.
#pragma once

#include <infiniband/verbs.h>

#include <string>

namespace ibvcert {

// IBV_SRQ_MAX_WR | IBV_SRQ_LIMIT.
int srq_attr_mask_known();
// "IBV_SRQ_MAX_WR|IBV_SRQ_LIMIT|0x4", "0".
std::string srq_attr_mask_names(int mask);
// "max_wr=16 max_sge=1 srq_limit=4"
std::string describe_srq_attr(const ibv_srq_attr &attr);

} // namespace ibvcert
