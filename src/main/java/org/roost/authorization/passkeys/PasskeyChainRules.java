package org.roost.authorization.passkeys;

import java.util.List;

import org.roost.platform.apichain.ApiChainContribution;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.stereotype.Component;

/** The passkey ceremonies of the web app (Spring Security's webAuthn(), see PasskeySecurity): signing in takes no credential; passkeys are removed through the API, which is audited (docs/api.md, "Passkeys"). */
@Component
@Order(40)
class PasskeyChainRules implements ApiChainContribution {

    private final PasskeySecurity passkeys;

    PasskeyChainRules(PasskeySecurity passkeys) {
        this.passkeys = passkeys;
    }

    @Override
    public List<String> paths() {
        return List.of("/webauthn/**", "/login/webauthn");
    }

    @Override
    public void authorize(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry rules) {
        rules.requestMatchers(HttpMethod.POST, PasskeySecurity.SIGN_IN_PATHS).permitAll()
                .requestMatchers(HttpMethod.DELETE, "/webauthn/register/**").denyAll();
    }

    @Override
    public void configure(HttpSecurity http) throws Exception {
        passkeys.configureApi(http);
    }
}
