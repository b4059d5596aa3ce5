package org.roost.platform.outbound;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

/**
 * The one way to request a URL that a client supplied (back-channel logout, {@code jwks_uri}, anything later):
 * such a URL may not reach this host or the networks behind it ({@link AddressRules}). It is checked twice: when it is
 * registered ({@link #problem}: the answer names the rule, for {@code invalid_client_metadata}), and when a
 * connection is made, by the HTTP client's own DNS resolver, so a name that resolved to a public address at
 * registration and to {@code 127.0.0.1} now (DNS rebinding) is refused before any connection, and the connection
 * goes only to the addresses that were checked. Redirects are never followed (a redirect would be a URL nobody
 * checked), no proxy, cookie or retry applies, and both timeouts are short. Hosts named in
 * {@code roost.outbound.allowed-hosts} skip the address rules (development, or an operator's own service).
 * <p>
 * URLs the operator configured (an external sign-in provider's endpoints) go through {@link #configuredHostClient()}
 * and {@link #configuredHostRestTemplate()}: the same timeouts and the same refusal to follow redirects, without the
 * address rules, since the operator may well run its provider on its own network.
 */
@Component
public class OutboundRequests implements DisposableBean {

    /** Resolves a host to its addresses: DNS, or a stand-in in tests. */
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private final Set<String> allowed;
    private final Resolver resolver;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final CloseableHttpClient http;
    private final HttpComponentsClientHttpRequestFactory requests;
    private final CloseableHttpClient configuredHttp;
    private final HttpComponentsClientHttpRequestFactory configuredRequests;

    @Autowired
    OutboundRequests(OutboundProperties properties) {
        this(properties, SystemDefaultDnsResolver.INSTANCE::resolve);
    }

    OutboundRequests(OutboundProperties properties, Resolver resolver) {
        this.allowed = properties.allowed();
        this.resolver = resolver;
        this.connectTimeout = properties.connectTimeout();
        this.readTimeout = properties.readTimeout();
        this.http = httpClient(new Resolving(true));
        this.requests = new HttpComponentsClientHttpRequestFactory(http);
        this.configuredHttp = httpClient(new Resolving(false));
        this.configuredRequests = new HttpComponentsClientHttpRequestFactory(configuredHttp);
    }

    private CloseableHttpClient httpClient(DnsResolver dns) {
        return HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(dns)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.of(connectTimeout))
                                .setSocketTimeout(Timeout.of(readTimeout))
                                .setTimeToLive(Timeout.ofMinutes(1)).build())
                        .setMaxConnTotal(50).setMaxConnPerRoute(5).build())
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(readTimeout)).build())
                .disableRedirectHandling().disableAutomaticRetries().disableCookieManagement()
                .disableAuthCaching().build();
    }

    /** A client for client-supplied URLs; 4xx and 5xx answers are errors, as RestClient's default. */
    public RestClient client() {
        return RestClient.builder().requestFactory(requests).build();
    }

    /** The same, for APIs that take Spring's older interface (Nimbus's JWK set source, say). */
    public RestTemplate restTemplate() {
        return new RestTemplate(requests);
    }

    /**
     * A client builder for URLs the operator configured, not a client: the same timeouts, no redirects, retries or
     * cookies, and no address rules. The caller adds its own converters and error handling.
     */
    public RestClient.Builder configuredHostClient() {
        return RestClient.builder().requestFactory(configuredRequests);
    }

    /** The same, for APIs that take Spring's older interface (Spring Security's userinfo client, say). */
    public RestTemplate configuredHostRestTemplate() {
        return new RestTemplate(configuredRequests);
    }

    /** Longest an attempt can take: connecting, then the answer. */
    public Duration attemptLimit() {
        return connectTimeout.plus(readTimeout);
    }

    /**
     * Why {@code uri} may not be requested, or empty when it may: the scheme must be {@code http} or {@code https}
     * with a host, and every address the host resolves to now must be allowed. A name that does not resolve now is
     * accepted: it is checked again when connecting.
     */
    public Optional<String> problem(String uri) {
        URI parsed;
        try {
            parsed = new URI(uri);
        }
        catch (URISyntaxException ex) {
            return Optional.of("is not a valid URI");
        }
        String scheme = parsed.getScheme() == null ? "" : parsed.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            return Optional.of("must use https");
        }
        if (parsed.getHost() == null || parsed.getHost().isBlank()) {
            return Optional.of("must name a host");
        }
        String host = parsed.getHost();
        if (isAllowed(host)) {
            return Optional.empty();
        }
        try {
            check(host, resolver.resolve(OutboundProperties.hostKey(host)));
            return Optional.empty();
        }
        catch (RefusedAddressException refused) {
            return Optional.of("must not point at " + refused.reason() + " (" + host + ")");
        }
        catch (UnknownHostException notNow) {
            return Optional.empty();
        }
    }

    /**
     * Whether {@code host} is named in {@code roost.outbound.allowed-hosts}: such a host may be reached over plain
     * {@code http} by callers that otherwise insist on https (ActivityPub's fetches and deliveries, where a
     * development peer on loopback has {@code http://} ids).
     */
    public boolean namedInAllowedHosts(String host) {
        return isAllowed(host);
    }

    private boolean isAllowed(String host) {
        return allowed.contains(OutboundProperties.hostKey(host));
    }

    private static InetAddress[] check(String host, InetAddress[] addresses) throws RefusedAddressException {
        for (InetAddress address : addresses) {
            String refusal = AddressRules.refusal(address);
            if (refusal != null) {
                throw new RefusedAddressException(host, refusal);
            }
        }
        return addresses;
    }

    @Override
    public void destroy() throws Exception {
        try (configuredHttp) {
            http.close();
        }
    }

    /**
     * The HTTP client's resolver: what it returns is all the client connects to, so checking here (when
     * {@code guarded}) is final.
     */
    private final class Resolving implements DnsResolver {

        private final boolean guarded;

        Resolving(boolean guarded) {
            this.guarded = guarded;
        }

        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            InetAddress[] addresses = resolver.resolve(OutboundProperties.hostKey(host));
            return !guarded || isAllowed(host) ? addresses : check(host, addresses);
        }

        @Override
        public List<InetSocketAddress> resolve(String host, int port) throws UnknownHostException {
            List<InetSocketAddress> sockets = new ArrayList<>();
            for (InetAddress address : resolve(host)) {
                sockets.add(new InetSocketAddress(address, port));
            }
            return sockets;
        }

        @Override
        public @Nullable String resolveCanonicalHostname(String host) throws UnknownHostException {
            return SystemDefaultDnsResolver.INSTANCE.resolveCanonicalHostname(host);
        }
    }
}
