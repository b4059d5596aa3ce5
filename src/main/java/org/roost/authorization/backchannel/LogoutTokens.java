package org.roost.authorization.backchannel;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.stereotype.Component;

/**
 * Logout tokens (OIDC Back-Channel Logout 1.0, section 2.4), signed with the service's current key like every
 * other token (the encoder names the key and its algorithm). Each attempt signs afresh, so a retry is never
 * expired; the {@code jti} stays that of the sign-out, so a client that got an earlier attempt can tell.
 */
@Component
class LogoutTokens {

    static final String TYPE = "logout+jwt";
    static final String EVENT = "http://schemas.openid.net/event/backchannel-logout";

    private final JwtEncoder encoder;
    private final Clock clock;
    private final BackchannelProperties properties;

    LogoutTokens(JwtEncoder encoder, Clock clock, BackchannelProperties properties) {
        this.encoder = encoder;
        this.clock = clock;
        this.properties = properties;
    }

    String sign(Delivery delivery) {
        Instant now = clock.instant();
        JwtClaimsSet claims = JwtClaimsSet.builder().issuer(delivery.issuer()).audience(List.of(delivery.clientId()))
                .issuedAt(now).expiresAt(now.plus(properties.timeout()).plusSeconds(120)).id(delivery.id())
                .subject(delivery.subject()).claim("sid", delivery.sid()).claim("events", Map.of(EVENT, Map.of()))
                .build();
        return encoder.encode(JwtEncoderParameters.from(JwsHeader.with(SignatureAlgorithm.RS256).type(TYPE).build(), claims))
                .getTokenValue();
    }
}
