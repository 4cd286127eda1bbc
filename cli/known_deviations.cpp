#include "cli/known_deviations.h"

#include "contracts/rule.h"
#include "reports/case_json.h"

#include <nlohmann/json.hpp>

#include <fnmatch.h>
#include <sys/utsname.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>

namespace ibvcert {

const char *const kKnownDeviationsShape =
	R"({"provider": "rxe", "deviations": [{"cases": ["Suite.Test/Param" or shell pattern, ...], )"
	R"("reason": "what the provider does", "breaks": "the man-page sentence it breaks", )"
	R"("rules": ["rule ids from ibvcert rules", ...] (optional), )"
	R"("breaches": [{"rule": "rule id", "detail": "regular expression of the judge's whole detail"}, ...] )"
	R"((optional, instead of or beside "cases": the breach, on whatever case's call it occurs), )"
	R"("kernels": ["6.1", ...] (optional: uname -r prefixes; absent = every kernel), )"
	R"("rdma_core": ["44", ...] (optional: rdma-core releases; absent = every release), )"
	R"("outcome": "FAIL" or "CRASH" (optional: what the listed cases do; default FAIL), )"
	R"("predicted": "from source, never run" (optional: how a deviation no device showed yet was predicted)}, ...]})";

namespace {

std::string running_kernel()
{
	struct utsname u;
	return uname(&u) == 0 ? u.release : "";
}

// A list of non-empty strings, or a message.
std::string string_list(const nlohmann::json &d, const char *key, bool required, std::vector<std::string> &out)
{
	if (!d.contains(key)) {
		if (required)
			return std::string("missing \"") + key + "\"";
		return "";
	}
	const auto &v = d.at(key);
	if (!v.is_array() || (required && v.empty()))
		return std::string("\"") + key + "\" must be a non-empty list of strings";
	for (const auto &s : v) {
		if (!s.is_string() || s.get<std::string>().empty())
			return std::string("\"") + key + "\" must hold non-empty strings";
		out.push_back(s.get<std::string>());
	}
	if (!required && out.empty())
		return std::string("\"") + key + "\" is empty (leave it out to mean every version)";
	return "";
}

std::string text(const nlohmann::json &d, const char *key, std::string &out)
{
	if (!d.contains(key) || !d.at(key).is_string() || d.at(key).get<std::string>().empty())
		return std::string("missing or empty \"") + key + "\" (a string)";
	out = d.at(key).get<std::string>();
	return "";
}

// "breaches": objects with a known rule id and a regular expression.
std::string breach_list(const nlohmann::json &d, std::vector<KnownBreach> &out)
{
	if (!d.contains("breaches"))
		return "";
	const auto &v = d.at("breaches");
	if (!v.is_array() || v.empty())
		return "\"breaches\" must be a non-empty list of {\"rule\", \"detail\"} objects";
	for (const auto &b : v) {
		if (!b.is_object() || !b.contains("rule") || !b.contains("detail") || !b.at("rule").is_string() ||
		    !b.at("detail").is_string() || b.size() != 2)
			return "each of \"breaches\" must be {\"rule\": \"rule id\", \"detail\": \"regular expression\"}";
		KnownBreach k{b.at("rule").get<std::string>(), b.at("detail").get<std::string>()};
		if (!find_rule(k.rule))
			return "\"breaches\" names rule " + k.rule + ", which ibvcert rules does not list";
		try {
			std::regex re(k.detail);
		} catch (const std::regex_error &e) {
			return "\"breaches\": \"" + k.detail + "\" is no regular expression (" + e.what() + ")";
		}
		out.push_back(std::move(k));
	}
	return "";
}

} // namespace

bool version_matches(const std::string &prefix, const std::string &version)
{
	if (prefix.empty() || version.compare(0, prefix.size(), prefix) != 0)
		return false;
	if (version.size() == prefix.size())
		return true;
	// The prefix must end a component: "6.1" is not "6.12".
	return !std::isdigit((unsigned char)version[prefix.size()]) ||
	       !std::isdigit((unsigned char)prefix.back());
}

bool deviation_applies(const KnownDeviation &d, const std::string &kernel, const std::string &rdma_core)
{
	auto any = [](const std::vector<std::string> &prefixes, const std::string &v) {
		if (prefixes.empty())
			return true;
		for (const auto &p : prefixes)
			if (version_matches(p, v))
				return true;
		return false;
	};
	return any(d.kernels, kernel) && any(d.rdma_core, rdma_core);
}

std::string rdma_core_release(const std::string &libibverbs_version)
{
	std::string v = libibverbs_version;
	if (size_t sp = v.rfind(' '); sp != std::string::npos)
		v = v.substr(sp + 1);
	if (v.rfind("1.", 0) != 0)
		return v;
	size_t a = v.find('.', 2);
	if (a == std::string::npos)
		return v;
	size_t b = v.find('.', a + 1);
	return v.substr(a + 1, b == std::string::npos ? std::string::npos : b - a - 1);
}

std::string rdma_core_in_use()
{
	if (const char *v = std::getenv("IBVCERT_RDMA_CORE_VERSION"); v && *v)
		return v;
#ifdef IBVCERT_RDMA_CORE_VERSION
	return rdma_core_release(IBVCERT_RDMA_CORE_VERSION);
#else
	return "";
#endif
}

std::string load_known_deviations(const std::string &path, KnownDeviations &out)
{
	std::ifstream in(path);
	if (!in)
		return "cannot read known-deviations file " + path;
	out.kernel = running_kernel();
	out.rdma_core = rdma_core_in_use();
	auto bad = [&](const std::string &what) {
		return path + ": " + what + "; a known-deviations file looks like " + kKnownDeviationsShape;
	};
	nlohmann::json doc;
	try {
		doc = nlohmann::json::parse(in);
	} catch (const nlohmann::json::exception &e) {
		return bad("not JSON: " + json_error_text(e));
	}
	if (!doc.is_object())
		return bad("the top level must be an object");
	if (auto why = text(doc, "provider", out.provider); !why.empty())
		return bad(why);
	if (!doc.contains("deviations") || !doc.at("deviations").is_array())
		return bad("missing \"deviations\" (a list)");
	static const std::set<std::string> keys{"cases", "reason", "breaks", "rules", "kernels", "rdma_core", "note",
						"outcome", "breaches", "predicted"};
	size_t i = 0;
	for (const auto &d : doc.at("deviations")) {
		std::string at = "deviations[" + std::to_string(i++) + "]: ";
		if (!d.is_object())
			return bad(at + "each deviation must be an object");
		for (const auto &[key, value] : d.items())
			if (!keys.count(key))
				return bad(at + "unknown key \"" + key + "\"");
		KnownDeviation k;
		if (auto why = breach_list(d, k.breaches); !why.empty())
			return bad(at + why);
		for (auto why : {string_list(d, "cases", k.breaches.empty(), k.cases), text(d, "reason", k.reason),
				 text(d, "breaks", k.breaks), string_list(d, "rules", false, k.rules),
				 string_list(d, "kernels", false, k.kernels),
				 string_list(d, "rdma_core", false, k.rdma_core)})
			if (!why.empty())
				return bad(at + why);
		for (const std::string &rule : k.rules)
			if (!find_rule(rule))
				return bad(at + "\"rules\" names rule " + rule + ", which ibvcert rules does not list");
		if (d.contains("predicted"))
			if (auto why = text(d, "predicted", k.predicted); !why.empty())
				return bad(at + why);
		if (d.contains("outcome")) {
			const auto &o = d.at("outcome");
			if (!o.is_string() || (o != "FAIL" && o != "CRASH"))
				return bad(at + "\"outcome\" must be \"FAIL\" or \"CRASH\"");
			k.outcome = o == "CRASH" ? Outcome::Crash : Outcome::Fail;
		}
		out.deviations.push_back(std::move(k));
	}
	return "";
}

std::vector<std::string> unmatched_known_ids(const KnownDeviations &known,
					     const std::vector<std::string> &cases)
{
	std::vector<std::string> out;
	std::set<std::string> seen;
	for (const auto &d : known.deviations)
		for (const auto &id : d.cases) {
			bool any = false;
			for (const auto &name : cases)
				if (fnmatch(id.c_str(), name.c_str(), FNM_NOESCAPE) == 0) {
					any = true;
					break;
				}
			if (!any && seen.insert(id).second)
				out.push_back(id);
		}
	return out;
}

std::string known_text(const KnownDeviations &known, const KnownDeviation &d)
{
	std::string text = known.provider + ": " + d.reason + " (breaks: " + d.breaks + ")";
	if (!d.predicted.empty())
		text += " [predicted " + d.predicted + "]";
	if (!d.rules.empty()) {
		text += " [rules:";
		for (const auto &r : d.rules)
			text += " " + r;
		text += "]";
	}
	return text;
}

const KnownDeviation *known_breach(const KnownDeviations &known, const std::string &rule,
				   const std::string &detail)
{
	for (const auto &d : known.deviations) {
		if (d.breaches.empty() || !deviation_applies(d, known.kernel, known.rdma_core))
			continue;
		for (const auto &b : d.breaches)
			if (b.rule == rule && std::regex_match(detail, std::regex(b.detail)))
				return &d;
	}
	return nullptr;
}

void apply_known_deviations(const KnownDeviations &known, CaseResult &c)
{
	// KNOWN already: every breach in it is an entry's "breaches" (the
	// case's process judged them).
	if (c.outcome == Outcome::Known)
		return;
	std::string name = c.full_name();
	for (const auto &d : known.deviations) {
		if (!deviation_applies(d, known.kernel, known.rdma_core))
			continue;
		bool listed = false;
		for (const auto &pattern : d.cases)
			listed = listed || fnmatch(pattern.c_str(), name.c_str(), FNM_NOESCAPE) == 0;
		if (!listed)
			continue;
		c.known_reason = known_text(known, d);
		c.predicted = d.predicted;
		if (c.outcome == d.outcome)
			c.outcome = Outcome::Known;
		else if (c.outcome == Outcome::Pass)
			c.outcome = Outcome::Fixed;
		return;
	}
}

} // namespace ibvcert
