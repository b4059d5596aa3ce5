package org.roost.gateway.security;

import java.util.List;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import org.roost.gateway.publicreading.PublicReading;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.ErrorCode;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Lets controllers declare a {@link Caller} parameter instead of handling credentials. */
@Configuration(proxyBeanMethods = false)
class CallerArgumentResolver implements HandlerMethodArgumentResolver, WebMvcConfigurer {

    private final PublicReading publicReading;

    CallerArgumentResolver(PublicReading publicReading) {
        this.publicReading = publicReading;
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(this);
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return Caller.class.isAssignableFrom(parameter.getParameterType());
    }

    @Override
    public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
            NativeWebRequest webRequest, WebDataBinderFactory binderFactory) {
        // a request without any credential reads as a visitor where public reading allows it (the same rule the
        // security chain let it through by)
        HttpServletRequest request = webRequest.getNativeRequest(HttpServletRequest.class);
        return Callers.from(SecurityContextHolder.getContext().getAuthentication())
                .or(() -> request != null && publicReading.admitsRestVisitor(request)
                        ? Optional.of(PublicReading.VISITOR) : Optional.empty())
                .orElseThrow(() -> new ApiException(ErrorCode.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED.defaultMessage()));
    }
}
