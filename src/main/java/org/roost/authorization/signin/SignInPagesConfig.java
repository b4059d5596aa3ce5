package org.roost.authorization.signin;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.roost.authorization.server.AuthorizationServerExtension;
import org.roost.authorization.server.ProtocolRateLimits;
import org.roost.authorization.signinsession.SignInSessions;
import org.roost.platform.ratelimits.RateLimitBuckets;
import org.roost.platform.ratelimits.RateLimitProperties;
import org.roost.identity.login.PasswordLogins;
import org.roost.authorization.passkeys.PasskeySecurity;
import org.roost.identity.revocation.CredentialRevocations;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;

/**
 * The HTML sign-in and consent pages' filter chain (order {@value #ORDER}, after the protocol endpoints' and ahead
 * of the API's), with the pages of the authorization server's extensions (the device page): they keep the
 * signed-in person in the same sign-in session as the protocol endpoints.
 */
@Configuration(proxyBeanMethods = false)
class SignInPagesConfig {

    static final int ORDER = 5;

    @Bean
    @Order(ORDER)
    SecurityFilterChain signInPagesChain(HttpSecurity http, PasswordLogins logins,
            CredentialRevocations revocations, Clock clock, ObjectProvider<AuthorizationServerExtension> extensions,
            RateLimitProperties rateLimits, RateLimitBuckets buckets, PasskeySecurity passkeys) throws Exception {
        List<String> pages = new ArrayList<>(List.of(SignInSessions.SIGN_IN_PAGE, SecondStepPage.PATH,
                SignInSessions.CONSENT_PAGE, ProviderSignInPage.PATH));
        extensions.orderedStream().forEach(extension -> pages.addAll(extension.pages()));
        http.securityMatcher(pages.toArray(String[]::new))
                .authorizeHttpRequests(requests -> requests.requestMatchers(SignInSessions.SIGN_IN_PAGE, SecondStepPage.PATH,
                                PasskeySecurity.SIGN_IN_PAGE_OPTIONS_PATH, PasskeySecurity.SIGN_IN_PAGE_PATH,
                                ProviderSignInPage.PATH).permitAll()
                        .anyRequest().authenticated())
                .authenticationManager(new ProviderManager(new SignInAuthenticationProvider(logins)))
                .formLogin(form -> form.loginPage(SignInSessions.SIGN_IN_PAGE).loginProcessingUrl(SignInSessions.SIGN_IN_PAGE)
                        .failureHandler(new SignInFailures())
                        .successHandler(SignInSessions.recordingSuccessHandler(clock)))
                .securityContext(context -> context.securityContextRepository(SignInSessions.contexts()))
                .addFilterAfter(SignInSessions.revocationFilter(revocations), SecurityContextHolderFilter.class)
                .addFilterBefore(ProtocolRateLimits.filter(rateLimits, buckets), SecurityContextHolderFilter.class)
                .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(
                        // the sign-in page's one script (a passkey sign-in) and its requests come from this origin only
                        "default-src 'none'; style-src 'self'; img-src 'self'; script-src 'self'; connect-src 'self'; "
                                + "frame-ancestors 'none'; base-uri 'none'"))
                        .referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.NO_REFERRER)))
                .httpBasic(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable);
        passkeys.configureSignInPage(http, clock);
        return http.build();
    }
}
