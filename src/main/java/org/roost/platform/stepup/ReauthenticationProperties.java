package org.roost.platform.stepup;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param reauthenticationWindow how recent a sign-in (or a re-authentication) must be for a sensitive change
 */
@ConfigurationProperties("roost.security")
record ReauthenticationProperties(Duration reauthenticationWindow) {
}
