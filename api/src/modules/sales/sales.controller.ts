import { Body, Controller, HttpCode, Inject, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { MessageResponse, SessionClaims } from '@credence/shared';
import { CurrentUser } from '../../core/auth/current-user.decorator.js';
import { Route } from '../../core/contracts/route.js';
import { Public } from '../../core/auth/public.decorator.js';
import { FormThrottlerGuard } from '../../core/rate-limit/rate-limit.module.js';
import { HelpRequestDto, SalesRequestDto } from './dto/sales.dto.js';
import { SalesService } from './sales.service.js';

@ApiTags('sales and help')
@Controller()
export class SalesController {
  constructor(@Inject(SalesService) private readonly sales: SalesService) {}

  @Route('POST contact_sales')
  @Public()
  @HttpCode(201)
  @UseGuards(FormThrottlerGuard)
  @ApiOperation({ summary: 'Free-trial request (contact sales); 409 for an e-mail already submitted' })
  contactSales(@Body() dto: SalesRequestDto): Promise<MessageResponse> {
    return this.sales.submit('trial', dto);
  }

  @Route('POST pricing_requests')
  @Public()
  @HttpCode(201)
  @UseGuards(FormThrottlerGuard)
  @ApiOperation({ summary: 'Pricing request from /pricing; 409 for an e-mail already submitted' })
  pricing(@Body() dto: SalesRequestDto): Promise<MessageResponse> {
    return this.sales.submit('pricing', dto);
  }

  @Route('POST help_requests')
  @HttpCode(201)
  @ApiBearerAuth()
  @UseGuards(FormThrottlerGuard)
  @ApiOperation({ summary: 'Help widget: request companies, a feature, or send feedback' })
  help(@Body() dto: HelpRequestDto, @CurrentUser() user: SessionClaims): Promise<MessageResponse> {
    return this.sales.help(dto, user.sub);
  }
}
