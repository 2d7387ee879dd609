/**
 * The error filter's defence behind the DTOs (issue 24 section 5): a value the database refuses as
 * data (out of range, wrong type, a NUL byte) is answered 400 naming the field, not 500; a query the
 * code got wrong stays a 500. Real PostgreSQL errors, from a controller that validates nothing.
 */
import { after, before, describe, it } from 'node:test';
import type { AddressInfo } from 'node:net';
import { Body, Controller, Get, Inject, Module, Post, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { expect } from 'expect';
import { DataSource } from 'typeorm';
import { HttpExceptionFilter } from '../../src/core/errors/http-exception.filter.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

@Controller()
class UnvalidatedController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @Get('us/company')
  byCik(@Query('cik') cik: string) {
    return this.db.query('SELECT cik FROM us_companies WHERE cik = $1', [cik]);
  }

  @Post('notes')
  note(@Body() body: { note: { text: string } }) {
    return this.db.query('SELECT $1::text AS text', [body.note.text]);
  }

  @Get('broken')
  broken() {
    return this.db.query('SELEC 1');
  }
}

describe('database errors caused by a request value', () => {
  let t: TestApi;
  let app: NestFastifyApplication;
  let base: string;

  before(async () => {
    t = await startTestApi();
    @Module({ controllers: [UnvalidatedController], providers: [{ provide: DataSource, useValue: t.api.dataSource }] })
    class UnvalidatedModule {}
    app = await NestFactory.create<NestFastifyApplication>(UnvalidatedModule, new FastifyAdapter(), { logger: false });
    app.setGlobalPrefix('api');
    app.useGlobalFilters(new HttpExceptionFilter());
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api`;
  });
  after(async () => {
    await app?.close();
    await t?.close();
  });

  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(base + path, init);
    return { status: response.status, body: await response.json() };
  };

  it('answers 400 naming the field for a number past the column (22003) and text for a number (22P02)', async () => {
    expect(await get('/us/company?cik=2147483648')).toEqual({
      status: 400,
      body: { error: 'cik is out of range: check the value and send it again.', statusCode: 400 },
    });
    expect(await get('/us/company?cik=abc')).toEqual({
      status: 400,
      body: { error: 'cik is not of the type expected: check the value and send it again.', statusCode: 400 },
    });
    expect((await get('/us/company?cik=320193')).status).toBe(200);
  });

  it('names a nested body field holding a NUL byte (22021)', async () => {
    const reply = await get('/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: { text: 'a\u0000b' } }),
    });
    expect(reply).toEqual({
      status: 400,
      body: {
        error: 'note.text contains a character that cannot be stored (such as NUL): check the value and send it again.',
        statusCode: 400,
      },
    });
  });

  it('keeps a query the code got wrong a 500 (the server is at fault, not the client)', async () => {
    expect(await get('/broken')).toEqual({
      status: 500,
      body: { error: 'Something went wrong on our side. Please try again; if it persists, contact support.', statusCode: 500 },
    });
  });
});
