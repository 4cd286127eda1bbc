#include "contracts/lifecycle_judge.h"

#include "contracts/call_judge.h"
#include "contracts/names.h"
#include "contracts/value_check.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include <cerrno>
#include <functional>
#include <optional>
#include <string_view>

namespace ibvcert {
namespace {

// A field's value in a request, nullopt when the request does not carry it.
using Field = std::function<std::optional<int64_t>(std::string_view field)>;
// Whether a request sets the field a row's `other` names ("srq").
using IsSet = std::function<bool(std::string_view field)>;

// Check::OneOf and Check::ReplyOneOf: v is one of the values whose bits
// (1 << v) the row's mask holds.
bool one_of(uint64_t bits, int64_t v)
{
	return v >= 0 && v < 64 && (bits & (uint64_t(1) << v));
}

bool names_field(const char *list, std::string_view field)
{
	std::string_view l = list;
	size_t at = 0;
	while (at <= l.size()) {
		size_t end = l.find(',', at);
		std::string_view item = l.substr(at, end == std::string_view::npos ? l.npos : end - at);
		while (!item.empty() && item.front() == ' ')
			item.remove_prefix(1);
		if (item == field)
			return true;
		if (end == std::string_view::npos)
			break;
		at = end + 1;
	}
	return false;
}

// The one interpreter of the request rows of a lifecycle verb.
Verdict evaluate(Verb verb, const DeviceCaps &caps, const Field &value, const IsSet &is_set,
		 bool is_global = true)
{
	std::vector<const ContractRule *> rows = lifecycle_rules_of(verb);
	// A field an IgnoredWith row names binds nothing while its `other` is set.
	auto ignored = [&](std::string_view field) {
		for (const ContractRule *r : rows)
			if (r->check == Check::IgnoredWith && r->other && is_set(r->other) &&
			    names_field(r->field, field))
				return true;
		return false;
	};
	Verdict v;
	for (const ContractRule *r : rows) {
		auto breach = [&](std::string detail) { v.breaches.push_back({r, std::move(detail)}); };
		switch (r->check) {
		case Check::Range:
			if (ignored(r->field))
				break;
			if (auto x = value(r->field))
				if (auto detail = check_value(*r, *x, caps))
					breach(*detail);
			break;
		case Check::MaskKnown:
			if (auto x = value(r->field); x && ((uint64_t)*x & ~r->bits))
				breach(fmt::format("{}={:#x} has bits {:#x} the page does not list", r->field,
						   *x, (uint64_t)*x & ~r->bits));
			break;
		case Check::OneOf:
			if (r->other && !is_set(r->other))
				break;
			if (auto x = value(r->field);
			    x && !one_of(r->bits, *x))
				breach(fmt::format("{}={} is none of the values {:#x} allows{}", r->field, *x,
						   r->bits,
						   r->other ? std::string(" with ") + r->other : std::string()));
			break;
		case Check::GrhRequired:
			if (caps.grh_required && !is_global)
				breach(fmt::format("{}=0 where the port requires a GRH", r->field));
			break;
		default:
			break;
		}
	}
	return v;
}

// The request rows broken by a call the device accepted.
void accepted_although(Verdict &v, const Verdict &request)
{
	for (const RuleBreach &b : request.breaches)
		v.breaches.push_back({b.rule, "accepted although " + b.detail});
}

const ContractRule *row(Verb verb, Check check)
{
	for (const ContractRule *r : lifecycle_rules_of(verb))
		if (r->check == check)
			return r;
	return nullptr;
}

// ValidAccepted: a request no row refuses was refused with an errno the
// row's decision does not allow.
void valid_refused(Verdict &v, Verb verb, const Verdict &request, int result, bool applies,
		   std::initializer_list<int> allowed, const std::string &what)
{
	const ContractRule *r = row(verb, Check::ValidAccepted);
	if (!r || !applies || result == 0 || !request.accepts())
		return;
	for (int a : allowed)
		if (result == a)
			return;
	v.breaches.push_back({r, fmt::format("{} breaks no rule, yet {} returned {}", what,
					     verb_name(verb), errno_name(result))});
}

std::optional<int64_t> qp_field(const CreateQpRequest &q, std::string_view f)
{
	if (f == "qp_type")
		return q.qp_type;
	if (f == "max_send_wr")
		return q.cap.max_send_wr;
	if (f == "max_recv_wr")
		return q.cap.max_recv_wr;
	if (f == "max_send_sge")
		return q.cap.max_send_sge;
	if (f == "max_recv_sge")
		return q.cap.max_recv_sge;
	if (f == "max_inline_data")
		return q.cap.max_inline_data;
	return std::nullopt;
}

std::string cap_text(const ibv_qp_cap &c)
{
	return fmt::format("max_send_wr={} max_recv_wr={} max_send_sge={} max_recv_sge={} "
			   "max_inline_data={}",
			   c.max_send_wr, c.max_recv_wr, c.max_send_sge, c.max_recv_sge,
			   c.max_inline_data);
}

} // namespace

std::vector<const ContractRule *> lifecycle_rules_of(Verb verb)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule &r : lifecycle_rules())
		if (r.verbs & verb_bit(verb))
			out.push_back(&r);
	return out;
}

Verdict evaluate_create_qp(const DeviceCaps &caps, const CreateQpRequest &request)
{
	return evaluate(
		Verb::CreateQp, caps, [&](std::string_view f) { return qp_field(request, f); },
		[&](std::string_view f) { return f == "srq" && request.srq; });
}

Verdict judge_create_qp(const DeviceCaps &caps, const CreateQpRequest &request, int result,
			const CreatedQp &created, const std::vector<uint32_t> &live)
{
	Verdict req = evaluate_create_qp(caps, request);
	Verdict v = judge_call({Verb::CreateQp, result});
	bool accepted = result == 0;
	if (accepted)
		accepted_although(v, req);
	// A listed type the device lacks (EOPNOTSUPP; EPERM for RAW_PACKET
	// without CAP_NET_RAW), no resources, or an inline size the device's
	// attributes give no maximum for.
	bool inline_refused = result == EINVAL && request.cap.max_inline_data > 0;
	// The page gives no minimum: a queue of no WRs need not be taken.
	bool zero_queue = request.cap.max_send_wr == 0 || (!request.srq && request.cap.max_recv_wr == 0);
	// With an SRQ, a refusal only the ignored receive caps explain breaks
	// the IgnoredWith row, not ValidAccepted.
	bool ignored_refused = false;
	// (A device lacking the type or out of resources says so whatever
	// the caps: EOPNOTSUPP, EPERM, ENOMEM.)
	if (request.srq && result != 0 && result != EOPNOTSUPP && result != EPERM &&
	    result != ENOMEM && req.accepts()) {
		CreateQpRequest own = request;
		own.srq = false;
		Verdict without = evaluate_create_qp(caps, own);
		for (const RuleBreach &b : without.breaches)
			if (b.rule->check == Check::Range)
				ignored_refused = true;
		if (ignored_refused)
			if (const ContractRule *r = row(Verb::CreateQp, Check::IgnoredWith))
				v.breaches.push_back(
					{r, fmt::format("with an SRQ, max_recv_wr={} max_recv_sge={} are ignored, "
							"yet ibv_create_qp returned {}",
							request.cap.max_recv_wr, request.cap.max_recv_sge,
							errno_name(result))});
	}
	valid_refused(v, Verb::CreateQp, req,
		      inline_refused || ignored_refused || (zero_queue && result == EINVAL) ? 0 : result, true,
		      {ENOMEM, EOPNOTSUPP, EPERM},
		      fmt::format("qp_type={} {}{}", request.qp_type, cap_text(request.cap),
				  request.srq ? " with an SRQ" : ""));
	for (const ContractRule *r : lifecycle_rules_of(Verb::CreateQp)) {
		auto breach = [&](std::string detail) { v.breaches.push_back({r, std::move(detail)}); };
		if (!accepted)
			break;
		switch (r->check) {
		case Check::AtLeastRequest: {
			std::vector<std::string> below;
			auto cmp = [&](const char *name, uint32_t asked, uint32_t got) {
				if (got < asked)
					below.push_back(fmt::format("{} {} < {}", name, got, asked));
			};
			const ibv_qp_cap &a = request.cap, &g = created.cap;
			cmp("max_send_wr", a.max_send_wr, g.max_send_wr);
			cmp("max_send_sge", a.max_send_sge, g.max_send_sge);
			cmp("max_inline_data", a.max_inline_data, g.max_inline_data);
			if (!request.srq) {
				cmp("max_recv_wr", a.max_recv_wr, g.max_recv_wr);
				cmp("max_recv_sge", a.max_recv_sge, g.max_recv_sge);
			}
			if (!below.empty())
				breach(fmt::format("asked {}, the create reported {}: {}", cap_text(a),
						   cap_text(g), fmt::join(below, ", ")));
			break;
		}
		case Check::Unique:
			for (uint32_t other : live)
				if (other == created.qp_num)
					breach(fmt::format("qp_num {:#x} is the number of a QP already alive",
							   created.qp_num));
			break;
		case Check::EqualsRequest:
			if (created.qp_type != request.qp_type)
				breach(fmt::format("asked qp_type={}, the QP reads qp_type={}", request.qp_type,
						   created.qp_type));
			break;
		case Check::IgnoredWith:
			break; // judged through the request rows it lifts (ValidAccepted)
		default:
			break;
		}
	}
	return v;
}

std::vector<const ContractRule *> destroy_rules(Verb verb)
{
	std::vector<const ContractRule *> out = lifecycle_rules_of(verb);
	for (const ContractRule *r : call_rules(verb))
		if (std::find(out.begin(), out.end(), r) == out.end())
			out.push_back(r);
	return out;
}

Verdict judge_destroy(const DestroyCall &call)
{
	Verdict v = judge_call({call.verb, call.result});
	for (const ContractRule *r : lifecycle_rules_of(call.verb)) {
		auto breach = [&](std::string detail) { v.breaches.push_back({r, std::move(detail)}); };
		switch (r->check) {
		case Check::BusyWhileUsed:
			if (call.dependents <= 0)
				break;
			if (call.result == 0)
				breach(fmt::format("{} returned 0 while {} object(s) ({}) still depend on it",
						   verb_name(call.verb), call.dependents, r->field));
			else if (r->err.level == Level::MUST && call.result != r->err.value)
				breach(fmt::format("{} refused with {}, not {}", verb_name(call.verb),
						   errno_name(call.result), errno_name(r->err.value)));
			else if (!call.usable_after)
				breach(fmt::format("{} refused ({}), yet the object no longer works",
						   verb_name(call.verb), errno_name(call.result)));
			break;
		case Check::FreedWhenUnused:
			if (call.dependents == 0 && call.result != 0)
				breach(fmt::format("nothing depends on the object any more, yet {} returned {}",
						   verb_name(call.verb), errno_name(call.result)));
			break;
		default:
			break;
		}
	}
	return v;
}

Verdict evaluate_reg_mr(const DeviceCaps &caps, const RegMrRequest &request)
{
	return evaluate(
		Verb::RegMr, caps,
		[&](std::string_view f) -> std::optional<int64_t> {
			if (f == "access")
				return request.access;
			return std::nullopt;
		},
		[](std::string_view) { return false; });
}

Verdict judge_reg_mr(const DeviceCaps &caps, const RegMrRequest &request, int result,
		     const RegisteredMr &registered)
{
	Verdict req = evaluate_reg_mr(caps, request);
	Verdict v = judge_call({Verb::RegMr, result});
	bool accepted = result == 0;
	if (accepted)
		accepted_although(v, req);
	// The registrations every device must take: a live buffer, the local and
	// remote access flags (atomics where the device has them), remote write
	// or atomic with local write (reg_mr.access.remote_needs_local_write).
	int plain = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ |
		    (caps.device.orig_attr.atomic_cap != IBV_ATOMIC_NONE ? IBV_ACCESS_REMOTE_ATOMIC : 0);
	bool needs_local = (request.access & (IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_ATOMIC)) &&
			   !(request.access & IBV_ACCESS_LOCAL_WRITE);
	bool plain_request = request.length > 0 && request.addr != 0 &&
			     !(request.access & ~plain) && !needs_local;
	valid_refused(v, Verb::RegMr, req, result, plain_request, {ENOMEM},
		      fmt::format("registering {} bytes at {:#x} with access {:#x}", request.length,
				  request.addr, request.access));
	if (accepted)
		if (const ContractRule *r = row(Verb::RegMr, Check::EqualsRequest);
		    r && (registered.addr != request.addr || registered.length != request.length))
			v.breaches.push_back({r, fmt::format("registered addr={:#x} length={}, the MR "
							     "reports addr={:#x} length={}",
							     request.addr, request.length, registered.addr,
							     registered.length)});
	return v;
}

Verdict evaluate_create_ah(const DeviceCaps &caps, const ibv_ah_attr &attr)
{
	return evaluate(
		Verb::CreateAh, caps,
		[&](std::string_view f) -> std::optional<int64_t> {
			if (f == "port_num")
				return attr.port_num;
			if (f == "sgid_index" && attr.is_global)
				return attr.grh.sgid_index;
			return std::nullopt;
		},
		[](std::string_view) { return false; }, attr.is_global);
}

Verdict judge_create_ah(const DeviceCaps &caps, const ibv_ah_attr &attr, int result)
{
	Verdict req = evaluate_create_ah(caps, attr);
	Verdict v = judge_call({Verb::CreateAh, result});
	if (result == 0)
		accepted_although(v, req);
	// Claimed valid: an AH to the port's own address, by its lid or by its
	// own GID entry (another entry of the table may be empty); a device
	// without AHs (iWARP) answers EOPNOTSUPP.
	bool own = !attr.is_global || attr.grh.sgid_index == caps.gid_index;
	valid_refused(v, Verb::CreateAh, req, result, own, {ENOMEM, EOPNOTSUPP},
		      fmt::format("an AH to port {} (is_global={}, sgid_index={}, dlid={:#x})",
				  attr.port_num, attr.is_global, attr.grh.sgid_index, attr.dlid));
	return v;
}

Verdict evaluate_query_port(const DeviceCaps &caps, int port_num)
{
	return evaluate(
		Verb::QueryPort, caps,
		[&](std::string_view f) -> std::optional<int64_t> {
			if (f == "port_num")
				return port_num;
			return std::nullopt;
		},
		[](std::string_view) { return false; });
}

// The reply rows of ibv_query_port: the value of each field they name, as
// handed back.
static std::optional<int64_t> port_reply_field(const ibv_port_attr &a, std::string_view f)
{
	if (f == "state")
		return a.state;
	if (f == "max_mtu")
		return a.max_mtu;
	if (f == "active_mtu")
		return a.active_mtu;
	if (f == "link_layer")
		return a.link_layer;
	return std::nullopt;
}

static void judge_reply(Verdict &v, Verb verb, const std::function<std::optional<int64_t>(std::string_view)> &field)
{
	for (const ContractRule *r : lifecycle_rules_of(verb)) {
		if (r->check != Check::ReplyOneOf)
			continue;
		std::optional<int64_t> x = field(r->field);
		if (!x)
			continue;
		if (r->bits && !one_of(r->bits, *x))
			v.breaches.push_back({r, fmt::format("the reply's {}={} is none of the values its type "
							     "lists (mask {:#x})",
							     r->field, *x, r->bits)});
		else if (std::optional<int64_t> most = r->other ? field(r->other) : std::nullopt;
			 most && *x > *most)
			v.breaches.push_back(
				{r, fmt::format("the reply's {}={} is above its {}={}", r->field, *x, r->other, *most)});
	}
}

Verdict judge_query_port(const DeviceCaps &caps, int port_num, int result, const ibv_port_attr *reply)
{
	Verdict req = evaluate_query_port(caps, port_num);
	Verdict v = judge_call({Verb::QueryPort, result});
	if (result == 0)
		accepted_although(v, req);
	if (result == 0 && reply)
		judge_reply(v, Verb::QueryPort, [&](std::string_view f) { return port_reply_field(*reply, f); });
	valid_refused(v, Verb::QueryPort, req, result, true, {},
		      fmt::format("port_num={}", port_num));
	return v;
}

Verdict judge_query_device(int result, const ibv_device_attr_ex *reply)
{
	Verdict v = judge_call({Verb::QueryDevice, result});
	if (result == 0 && reply)
		judge_reply(v, Verb::QueryDevice, [&](std::string_view f) -> std::optional<int64_t> {
			if (f == "atomic_cap")
				return reply->orig_attr.atomic_cap;
			if (f == "packet_pacing_caps.qp_rate_limit_min")
				return reply->packet_pacing_caps.qp_rate_limit_min;
			if (f == "packet_pacing_caps.qp_rate_limit_max")
				return reply->packet_pacing_caps.qp_rate_limit_max;
			return std::nullopt;
		});
	return v;
}

Verdict evaluate_query_gid(const DeviceCaps &caps, int port_num, int index)
{
	return evaluate(
		Verb::QueryGid, caps,
		[&](std::string_view f) -> std::optional<int64_t> {
			if (f == "port_num")
				return port_num;
			if (f == "index")
				return index;
			return std::nullopt;
		},
		[](std::string_view) { return false; });
}

Verdict judge_query_gid(const DeviceCaps &caps, int port_num, int index, int result)
{
	Verdict req = evaluate_query_gid(caps, port_num, index);
	// The page's -1 reaches the harness as errno (the device layer): the
	// result rows of ibv_query_gid are its errno form.
	Verdict v = judge_call({Verb::QueryGid, result});
	if (result == 0)
		accepted_although(v, req);
	valid_refused(v, Verb::QueryGid, req, result, true, {},
		      fmt::format("port_num={} index={}", port_num, index));
	return v;
}

} // namespace ibvcert
