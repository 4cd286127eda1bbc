// Which provider drives a device, to check that a known-deviations file
// (which names its provider) is the device's own.
#pragma once

#include <string>
#include <vector>

namespace ibvcert {

// The names a device answers to as a provider: the libibverbs provider
// library its context runs in ("rxe" for librxe-rdmav34.so), its kernel
// driver (sysfs; "unknown" is left out) and its name without the index
// ("rxe" for rxe0, "mlx5" for mlx5_0). emu0 is "emu". Empty when nothing
// is known.
std::vector<std::string> device_provider_names(const std::string &device, const std::string &driver);

// The provider library of the device's context ("rxe"), "" when it cannot
// be told (no such device, cannot open it, or the call lands in libibverbs).
std::string userspace_provider(const std::string &device);

// Whether a file for provider belongs to a device with these names
// (case-insensitive; a driver may extend the name: mlx5 is mlx5_core's).
bool provider_matches(const std::string &provider, const std::vector<std::string> &names);

} // namespace ibvcert
