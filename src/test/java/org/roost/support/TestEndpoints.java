package org.roost.support;

import io.swagger.v3.oas.annotations.Operation;
import org.roost.platform.apichain.ApiChainContribution;
import org.roost.platform.openapi.Outcomes;
import org.springframework.boot.test.context.TestComponent;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * What only tests add to the service, for {@link IntegrationTestVariant} (which imports it; test components, so no
 * other context scans them in): a feature contributed to the API chain without editing a central list
 * (platform.apichain.FeatureContributionsTest) and endpoints that fail (platform.web.HttpErrorContractTest). Their
 * paths are used nowhere else.
 */
public final class TestEndpoints {

    /** The contributed feature's endpoint under /api, opened by its own rule. */
    public static final String OPEN = "/api/v1/contribution-probe";
    /** The same endpoint outside /api, which the contribution names as the API chain's. */
    public static final String OUTSIDE_API = "/contribution-probe";

    private TestEndpoints() {
    }

    /** A feature's security rules, paths and filter, contributed through an {@link ApiChainContribution} bean. */
    @TestConfiguration(proxyBeanMethods = false)
    public static class Probe {

        @Bean
        ProbeController probeController() {
            return new ProbeController();
        }

        @Bean
        ApiChainContribution probeRules() {
            return new ApiChainContribution() {

                @Override
                public java.util.List<String> paths() {
                    return java.util.List.of(OUTSIDE_API);
                }

                @Override
                public void authorize(
                        AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry rules) {
                    rules.requestMatchers(HttpMethod.POST, OPEN).permitAll();
                }

                @Override
                public java.util.List<String> credentialEndpoints() {
                    return java.util.List.of(OPEN);
                }

                @Override
                public void configure(HttpSecurity http) {
                    http.addFilterAfter(new OncePerRequestFilter() {
                        @Override
                        protected void doFilterInternal(jakarta.servlet.http.HttpServletRequest request,
                                jakarta.servlet.http.HttpServletResponse response, jakarta.servlet.FilterChain chain)
                                throws jakarta.servlet.ServletException, java.io.IOException {
                            response.setHeader("X-Contributed-Filter", "applied");
                            chain.doFilter(request, response);
                        }
                    }, SecurityContextHolderFilter.class);
                }
            };
        }
    }

    /** The feature's controller, its OpenAPI outcomes beside it. */
    @TestComponent
    @RestController
    static class ProbeController {

        @Operation(operationId = "probeContribution", summary = "A feature added in a test", tags = "users")
        @Outcomes(success = "202", errors = { "409" }, open = true,
                beyondSchema = @Outcomes.Rule(field = "probe", rule = "must be a probe"))
        @PostMapping({ OPEN, OUTSIDE_API })
        ResponseEntity<Void> probe() {
            return ResponseEntity.accepted().build();
        }
    }

    /** Endpoints that fail with what must never reach a client: SQL, class names, a database address. */
    @TestComponent
    @RestController
    public static class Failing {

        @GetMapping("/api/v1/test-failure")
        String fail() {
            throw new IllegalStateException("SELECT password_hash FROM users -- org.roost.Secret");
        }

        @GetMapping("/api/v1/test-database-down")
        String databaseDown() {
            throw new org.springframework.jdbc.CannotGetJdbcConnectionException("Connection to 10.0.0.1:5432 refused");
        }
    }
}
