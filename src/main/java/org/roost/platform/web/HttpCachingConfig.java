package org.roost.platform.web;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Each API URL is a cacheable resource, but its representation depends on who asks: private,
 * revalidated on every use, varying by credential.
 */
@Configuration(proxyBeanMethods = false)
class HttpCachingConfig {

    @Bean
    FilterRegistrationBean<RepresentationTags> etagFilter() {
        FilterRegistrationBean<RepresentationTags> registration = new FilterRegistrationBean<>(new RepresentationTags());
        registration.addUrlPatterns("/api/*");
        registration.setOrder(FilterOrder.ETAG);
        return registration;
    }

    @Bean
    FilterRegistrationBean<OncePerRequestFilter> cacheControlFilter() {
        FilterRegistrationBean<OncePerRequestFilter> registration = new FilterRegistrationBean<>(new OncePerRequestFilter() {
            @Override
            protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                    throws ServletException, IOException {
                if ("GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod())) {
                    response.setHeader(HttpHeaders.CACHE_CONTROL, "private, no-cache");
                    response.setHeader(HttpHeaders.VARY, "Authorization, Cookie");
                }
                chain.doFilter(request, response);
            }
        });
        registration.addUrlPatterns("/api/*");
        registration.setOrder(FilterOrder.CACHE_CONTROL);
        return registration;
    }
}
