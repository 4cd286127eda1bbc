// The verbs structures of a trace step as JSON and back: ibv_qp_attr by the
// field names of contracts/qp_attr_table.h (nonzero fields only), the SRQ,
// AH and QP caps attributes, GIDs as hex.
#pragma once

#include <infiniband/verbs.h>
#include <nlohmann/json.hpp>

#include <string>

namespace ibvcert {

nlohmann::json qp_attr_json(const ibv_qp_attr &attr);
ibv_qp_attr qp_attr_from(const nlohmann::json &j);

nlohmann::json qp_cap_json(const ibv_qp_cap &cap);
ibv_qp_cap qp_cap_from(const nlohmann::json &j);

nlohmann::json srq_attr_json(const ibv_srq_attr &attr);
ibv_srq_attr srq_attr_from(const nlohmann::json &j);

nlohmann::json ah_attr_json(const ibv_ah_attr &attr);

std::string gid_hex(const ibv_gid &gid);

} // namespace ibvcert
