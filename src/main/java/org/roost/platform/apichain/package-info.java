/**
 * How a feature adds itself to the API's security filter chain without editing it: a bean of
 * {@link ApiChainContribution} per feature names the paths it serves there, who may call them, and any filter of its
 * own. The chain ({@code websecurity}) collects every contribution; this package knows no feature, so each may depend
 * on it without a cycle.
 */
@NamedInterface("apichain")
@NullMarked
package org.roost.platform.apichain;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
