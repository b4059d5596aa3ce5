package org.roost.authorization.token;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Duration;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import com.nimbusds.jwt.SignedJWT;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.ErrorResponses;
import org.roost.platform.web.FilterOrder;
import org.roost.platform.web.RequestPaths;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.annotation.Order;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.util.DigestUtils;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A DPoP proof's {@code jti} is spent on every instance once one has seen it (RFC 9449, section 11.1): recorded in
 * Redis with {@code SET NX} before any door reads the proof, and a proof whose {@code jti} is already there is refused,
 * whichever instance saw it first. Spring Security's own check (its {@code JtiClaimValidator}) remembers the
 * {@code jti}s of one instance only, so without this a proof captured on its way to one instance could be replayed
 * to another within its minute (docs/security.md, "DPoP").
 *
 * <p>Only with Redis ({@code roost.redis.enabled}): the embedded default is one instance, where Spring's check is
 * enough. Every door alike: the API chain, GraphQL's handshake, {@code /userinfo} and the token endpoint (where a
 * replayed proof would bind a new token). A proof is spent as it arrives, valid or not: a {@code jti} is the
 * client's random value, so spending a forged one costs no one anything, and checking first would race. A Redis
 * that fails answers 503 (this runs inside the dependency-failure filter), never a proof let through unchecked.
 */
@Component
@ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "true")
@Order(FilterOrder.SPENT_PROOFS)
class SpentProofs extends OncePerRequestFilter {

    static final String DPOP = "DPoP";
    /** Longer than any proof is accepted for (Spring: issued within the last minute, at most a minute ahead). */
    private static final Duration KEPT = Duration.ofMinutes(5);

    private final StringRedisTemplate redis;
    private final String prefix;
    private final ErrorResponses errors;

    SpentProofs(StringRedisTemplate redis, @Value("${roost.redis.namespace}") String namespace, ErrorResponses errors) {
        this.redis = redis;
        this.prefix = namespace + ":dpop-jti:";
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String proof = request.getHeader(DPOP);
        @Nullable String jti = proof == null ? null : jti(proof);
        if (jti == null || firstUse(jti)) {
            chain.doFilter(request, response); // no proof, or one Spring refuses anyway (unreadable, no jti)
            return;
        }
        String reason = "The DPoP proof has been used before; send a new proof with each request.";
        if (RequestPaths.of(request).startsWith("/oauth2/")) {
            // the protocol endpoints answer in RFC 6749's form (RFC 9449, section 5)
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
            response.getOutputStream().write(("{\"error\":\"invalid_dpop_proof\",\"error_description\":\"" + reason + "\"}")
                    .getBytes(StandardCharsets.UTF_8));
            return;
        }
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "DPoP error=\"invalid_dpop_proof\", error_description=\"" + reason + "\"");
        errors.writeBeforeSecurity(request, response, ErrorCode.INVALID_TOKEN, reason);
    }

    /** True for the first use of this jti across every instance. */
    boolean firstUse(String jti) {
        // hashed: a jti is the client's string of any length; the key is always 32 hex digits
        String key = prefix + DigestUtils.md5DigestAsHex(jti.getBytes(StandardCharsets.UTF_8));
        return Boolean.TRUE.equals(redis.opsForValue().setIfAbsent(key, "1", KEPT));
    }

    /** The proof's jti, or null when it is no signed JWT or has none (the doors refuse those themselves). */
    static @Nullable String jti(String proof) {
        try {
            return SignedJWT.parse(proof).getJWTClaimsSet().getJWTID();
        }
        catch (ParseException | RuntimeException unreadable) {
            return null;
        }
    }
}
